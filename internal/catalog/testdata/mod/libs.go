// Package catalogtest imports every library the catalog describes, so
// that the catalog test can check each row against the real module.
package catalogtest

import (
	_ "github.com/Rican7/retry"
	_ "github.com/Rican7/retry/strategy"
	_ "github.com/avast/retry-go"
	_ "github.com/avast/retry-go/v4"
	_ "github.com/avast/retry-go/v5"
	_ "github.com/aws/aws-sdk-go-v2/aws"
	_ "github.com/aws/aws-sdk-go-v2/aws/retry"
	_ "github.com/aws/aws-sdk-go-v2/config"
	_ "github.com/aws/aws-sdk-go-v2/service/sqs"
	_ "github.com/cenkalti/backoff"
	_ "github.com/cenkalti/backoff/v3"
	_ "github.com/cenkalti/backoff/v4"
	_ "github.com/cenkalti/backoff/v5"
	_ "github.com/eapache/go-resiliency/retrier"
	_ "github.com/failsafe-go/failsafe-go"
	_ "github.com/failsafe-go/failsafe-go/retrypolicy"
	_ "github.com/flowchartsman/retry"
	_ "github.com/go-resty/resty/v2"
	_ "github.com/googleapis/gax-go/v2"
	_ "github.com/hashicorp/go-retryablehttp"
	_ "github.com/lestrrat-go/backoff/v2"
	_ "github.com/matryer/try"
	_ "github.com/sethvargo/go-retry"
	_ "gopkg.in/matryer/try.v1"
	_ "k8s.io/apimachinery/pkg/util/wait"
	_ "k8s.io/client-go/util/retry"
	_ "resty.dev/v3"
)
