// Package caller retries grpcsvc's Ping, whose call its channel's service
// config already retries: the layers multiply across the packages.
package caller

import (
	"context"
	"time"

	"example.com/nestedtest/grpcsvc"
)

func pingAll(ctx context.Context, c *grpcsvc.Clients) error {
	var err error
	for i := 0; i < 5; i++ { // want `retry loop \(5 attempts\) calls Clients.Ping, which retries again: up to 20 calls per call of pingAll \(5x4 via Clients.Ping -> HealthClient.Check\)`
		if err = c.Ping(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
