// Package gapi checks the RequestId setter of google.golang.org/api
// calls against the real module (redis/v1).
package gapi

import (
	"context"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
	redis "google.golang.org/api/redis/v1"
)

func createCluster(ctx context.Context, svc *redis.Service, cl *redis.Cluster) error {
	return retry.Do(func() error {
		_, err := svc.Projects.Locations.Clusters.Create("projects/p/locations/l", cl).
			ClusterId("c1").
			RequestId(uuid.NewString()). // want `idempotency key from uuid\.NewString is generated inside the retry \(retry\.Do at`
			Context(ctx).Do()
		return err
	})
}

// The ID made once: every attempt sends the same one.
func createClusterOnce(ctx context.Context, svc *redis.Service, cl *redis.Cluster) error { // want createClusterOnce:`generatesKey\(uuid\.NewString -> RequestId\)`
	id := uuid.NewString()
	return retry.Do(func() error {
		_, err := svc.Projects.Locations.Clusters.Create("projects/p/locations/l", cl).RequestId(id).Context(ctx).Do()
		return err
	})
}

// Other string setters of the same call are no token.
func otherSetter(ctx context.Context, svc *redis.Service, cl *redis.Cluster) error {
	return retry.Do(func() error {
		_, err := svc.Projects.Locations.Clusters.Create("projects/p/locations/l", cl).ClusterId("c-" + uuid.NewString()[:8]).Context(ctx).Do()
		return err
	})
}
