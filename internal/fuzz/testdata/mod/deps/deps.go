// Package deps imports every package a fuzz input may import: the fuzz
// driver loads it once, with its whole import graph, and type-checks the
// inputs against these packages.
package deps

import (
	_ "context"
	_ "database/sql"
	_ "errors"
	_ "fmt"
	_ "io"
	_ "math/rand"
	_ "math/rand/v2"
	_ "net/http"
	_ "os"
	_ "strings"
	_ "sync"
	_ "time"

	_ "github.com/avast/retry-go/v4"
	_ "github.com/cenkalti/backoff/v4"
	_ "github.com/cenkalti/backoff/v5"
	_ "github.com/hashicorp/go-retryablehttp"
	_ "k8s.io/apimachinery/pkg/util/wait"
)
