// Command cmd makes one call and exits.
package main

import (
	"context"
	"time"

	"google.golang.org/grpc/health/grpc_health_v1"
)

var c grpc_health_v1.HealthClient

func main() {
	c.Check(context.Background(), nil) // ok: a one-shot command, watched by its user
	for i := 0; i < 3; i++ {
		if _, err := c.Check(context.Background(), nil); err == nil { // want `every attempt of retry loop can wait forever`
			break
		}
		time.Sleep(time.Second)
	}
	poll()
	twice()
}

func poll() {
	c.Check(context.Background(), nil) // want `context.Background\(\) reaches c.Check`
}

// A command's function gets one finding, at its first call.
func twice() {
	c.Check(context.TODO(), nil) // want `context.TODO\(\) reaches c.Check`
	c.Check(context.TODO(), nil) // ok: related of the first
}
