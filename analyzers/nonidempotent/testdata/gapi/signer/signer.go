// Package signer retries Google API calls: iamcredentials' signBlob only
// computes a signature (idempotent by contract, the catalog's Protocol
// row), storage's buckets.insert creates a bucket.
package signer

import (
	"context"
	"time"

	iamcredentials "google.golang.org/api/iamcredentials/v1"
	storage "google.golang.org/api/storage/v1"
)

// SignBlob retries the signature: a repeat signs again, nothing more.
func SignBlob(ctx context.Context, svc *iamcredentials.Service, email string, payload string) (string, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *iamcredentials.SignBlobResponse
		resp, err = svc.Projects.ServiceAccounts.SignBlob("projects/-/serviceAccounts/"+email, &iamcredentials.SignBlobRequest{Payload: payload}).Context(ctx).Do()
		if err == nil {
			return resp.SignedBlob, nil
		}
		time.Sleep(time.Second << i)
	}
	return "", err
}

// AccessToken retries a token request the same way.
func AccessToken(ctx context.Context, svc *iamcredentials.Service, email string) (string, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *iamcredentials.GenerateAccessTokenResponse
		resp, err = svc.Projects.ServiceAccounts.GenerateAccessToken("projects/-/serviceAccounts/"+email, &iamcredentials.GenerateAccessTokenRequest{Scope: []string{"https://www.googleapis.com/auth/cloud-platform"}}).Context(ctx).Do()
		if err == nil {
			return resp.AccessToken, nil
		}
		time.Sleep(time.Second << i)
	}
	return "", err
}

// Look-alike: a POST of another Google API that creates what it names.
func CreateBucket(ctx context.Context, svc *storage.Service, project, name string) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = svc.Buckets.Insert(project, &storage.Bucket{Name: name}).Context(ctx).Do(); err == nil { // want `retry wraps BucketsInsertCall.Do, which sends an HTTP POST with no Idempotency-Key header`
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return err
}
