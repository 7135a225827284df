// Package caller names the method of Store's requests from another
// package: the paths Write takes travel with its fact.
package caller

import (
	"context"
	"net/http"

	"example.com/nonidemtest/branch"
)

func sync(ctx context.Context, s *branch.Store) error {
	if err := s.Write(ctx, http.MethodPatch, "/items/1"); err != nil {
		return err
	}
	return s.Write(ctx, "LOCK", "/items/1") // want `retryablehttp.Client.Do retries \(through Store.Write\) an HTTP LOCK`
}
