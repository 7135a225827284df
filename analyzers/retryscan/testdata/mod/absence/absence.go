// Package absence holds loops that go round only while the answer says
// "not found": polls for something to appear, no retries. Their twins go
// round on a failure of the service as well, and are retries.
package absence

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"time"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

// The s3 manager's waitUntilBucketExists, on SQS: round only on 404.
func waitQueue(ctx context.Context, c *sqs.Client, in *sqs.GetQueueUrlInput) error { // want `retrier\(N via sqs.GetQueueUrl\)`
	for i := 0; i < 20; i++ {
		_, err := c.GetQueueUrl(ctx, in) // want `site client "sqs.GetQueueUrl" N attempts ctx`
		if err == nil {
			return nil
		}
		var re interface{ HTTPStatusCode() int }
		if !errors.As(err, &re) {
			return err
		}
		if re.HTTPStatusCode() != http.StatusNotFound {
			return err
		}
		time.Sleep(5 * time.Second)
	}
	return errors.New("queue never appeared")
}

// The twin: a 5xx goes round too, and multiplies the SDK's attempts.
func waitQueueOr5xx(ctx context.Context, c *sqs.Client, in *sqs.GetQueueUrlInput) error { // want `retrier\(20xN via retry loop -> sqs.GetQueueUrl\)`
	for i := 0; i < 20; i++ { // want `site loop "retry loop" 20 attempts`
		_, err := c.GetQueueUrl(ctx, in) // want `site client "sqs.GetQueueUrl" N attempts ctx`
		if err == nil {
			return nil
		}
		var re *awshttp.ResponseError
		if !errors.As(err, &re) {
			return err
		}
		if code := re.HTTPStatusCode(); code != http.StatusNotFound && code < 500 {
			return err
		}
		time.Sleep(5 * time.Second)
	}
	return errors.New("queue never appeared")
}

// A status class: 5 is the 5xx class here, not gRPC's NotFound (also 5),
// so the loop retries server failures (vault's physical/oci lock write).
func sendOr5xx(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error { // want `retrier\(4xN via retry loop -> sqs.SendMessage\)`
	for i := 1; i <= 4; i++ { // want `site loop "retry loop" 4 attempts`
		_, err := c.SendMessage(ctx, in) // want `site client "sqs.SendMessage" N attempts ctx`
		if err == nil {
			return nil
		}
		var re *awshttp.ResponseError
		if !errors.As(err, &re) || re.HTTPStatusCode()/100 != 5 {
			return err
		}
		time.Sleep(time.Duration(100*i) * time.Millisecond)
	}
	return errors.New("send failed")
}

// configMaps stands for a typed client's Get.
type configMaps interface {
	Get(ctx context.Context, name string) (map[string]string, error)
	Create(ctx context.Context, name string) error
}

// Kubernetes: wait for a config map another controller creates.
func waitConfigMap(ctx context.Context, cms configMaps, name string) error {
	for {
		_, err := cms.Get(ctx, name)
		switch {
		case err == nil:
			return nil
		case apierrors.IsNotFound(err):
			time.Sleep(time.Second)
		default:
			return err
		}
	}
}

// The twin: a server timeout goes round as well. The context's error is
// neither (apierrors.IsServerTimeout is false for it): the loop ends
// when ctx is done, after a number of attempts the code does not show.
func getConfigMap(ctx context.Context, cms configMaps, name string) error { // want `retrier\(N via retry loop\)`
	for { // want `site loop "retry loop" unbounded attempts`
		_, err := cms.Get(ctx, name)
		if err == nil {
			return nil
		}
		if !apierrors.IsNotFound(err) && !apierrors.IsServerTimeout(err) {
			return err
		}
		time.Sleep(time.Second)
	}
}

type echo interface {
	Lookup(ctx context.Context, key string) (string, error)
}

// gRPC: a switch on the code, NotFound the only case that goes round.
func waitKey(ctx context.Context, c echo, key string) (string, error) {
	for i := 0; i < 10; i++ {
		v, err := c.Lookup(ctx, key)
		if err == nil {
			return v, nil
		}
		switch status.Code(err) {
		case codes.NotFound:
			time.Sleep(time.Second)
			continue
		}
		return "", err
	}
	return "", errors.New("no key")
}

// The twin: Unavailable goes round beside NotFound.
func lookupKey(ctx context.Context, c echo, key string) (string, error) { // want `retrier\(10 via retry loop\)`
	for i := 0; i < 10; i++ { // want `site loop "retry loop" 10 attempts`
		v, err := c.Lookup(ctx, key)
		if err == nil {
			return v, nil
		}
		switch status.Code(err) {
		case codes.NotFound, codes.Unavailable:
			time.Sleep(time.Second)
			continue
		}
		return "", err
	}
	return "", errors.New("no key")
}

// gRPC through status.FromError: a failure that is not NotFound may or
// may not carry a status, and leaves either way.
func waitKeyFromError(ctx context.Context, c echo, key string) (string, error) {
	for i := 0; i < 10; i++ {
		v, err := c.Lookup(ctx, key)
		if err == nil {
			return v, nil
		}
		if s, ok := status.FromError(err); !ok || s.Code() != codes.NotFound {
			return "", err
		}
		time.Sleep(time.Second)
	}
	return "", errors.New("no key")
}

// The twin: Unavailable goes round beside NotFound.
func lookupKeyFromError(ctx context.Context, c echo, key string) (string, error) { // want `retrier\(10 via retry loop\)`
	for i := 0; i < 10; i++ { // want `site loop "retry loop" 10 attempts`
		v, err := c.Lookup(ctx, key)
		if err == nil {
			return v, nil
		}
		if s, ok := status.FromError(err); !ok || s.Code() != codes.NotFound && s.Code() != codes.Unavailable {
			return "", err
		}
		time.Sleep(time.Second)
	}
	return "", errors.New("no key")
}

// HTTP: a status switch, 404 the only way round.
func waitObject(c *http.Client, url string) error {
	for i := 0; i < 10; i++ {
		resp, err := c.Get(url)
		if err != nil {
			return err
		}
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusOK:
			return nil
		case http.StatusNotFound:
			time.Sleep(time.Second)
		default:
			return errors.New(resp.Status)
		}
	}
	return errors.New("no object")
}

// The twin: an error of the transport goes round too.
func getObject(c *http.Client, url string) error { // want `retrier\(10 via retry loop\)`
	for i := 0; i < 10; i++ { // want `site loop "retry loop" 10 attempts`
		resp, err := c.Get(url)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return nil
		}
		if resp.StatusCode != http.StatusNotFound {
			return errors.New(resp.Status)
		}
		time.Sleep(time.Second)
	}
	return errors.New("no object")
}

// A file another process writes, and a row another service inserts.
func waitFile(path string) ([]byte, error) {
	for {
		b, err := os.ReadFile(path)
		if !errors.Is(err, fs.ErrNotExist) {
			return b, err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func waitRow(ctx context.Context, db *sql.DB, id int) (string, error) {
	for i := 0; i < 50; i++ {
		var s string
		err := db.QueryRowContext(ctx, "SELECT state FROM jobs WHERE id = $1", id).Scan(&s)
		if err != sql.ErrNoRows {
			return s, err
		}
		time.Sleep(200 * time.Millisecond)
	}
	return "", sql.ErrNoRows
}

// The twin: any error but a missing row goes round.
func readRow(ctx context.Context, db *sql.DB, id int) (string, error) { // want `retrier\(50 via retry loop\)`
	for i := 0; i < 50; i++ { // want `site loop "retry loop" 50 attempts`
		var s string
		err := db.QueryRowContext(ctx, "SELECT state FROM jobs WHERE id = $1", id).Scan(&s)
		if err == nil || err == sql.ErrNoRows {
			return s, err
		}
		time.Sleep(200 * time.Millisecond)
	}
	return "", errors.New("no row")
}

// Get or create: on "not found" the loop creates, and goes round when
// that fails. It retries create, and is a retry.
func getOrCreate(ctx context.Context, cms configMaps) error { // want `retrier\(N via retry loop\)`
	for { // want `site loop "retry loop" unbounded attempts ctx`
		_, err := cms.Get(ctx, "settings")
		if err == nil {
			return nil
		}
		if !apierrors.IsNotFound(err) {
			return err
		}
		if err := cms.Create(ctx, "settings"); err != nil {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
}

// The other catalogued spellings of a missing file: os.IsNotExist and a
// comparison with os.ErrNotExist.
func waitSocket(path string) (os.FileInfo, error) {
	for {
		fi, err := os.Stat(path)
		if err == nil || !os.IsNotExist(err) {
			return fi, err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func waitPidFile(path string) ([]byte, error) {
	for i := 0; i < 100; i++ {
		b, err := os.ReadFile(path)
		if err != os.ErrNotExist {
			return b, err
		}
		time.Sleep(50 * time.Millisecond)
	}
	return nil, os.ErrNotExist
}
