// Package awsserver serves HTTP with clients from awsclient.
package awsserver

import (
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"example.com/retrybudgettest/awsclient"
)

type server struct{ q *sqs.Client }

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.q.SendMessage(r.Context(), &sqs.SendMessageInput{})
}

func newServer(cfg aws.Config) *server {
	return &server{q: awsclient.New(cfg)} // want `awsclient.New turns off the retry token bucket \(ratelimit.None\) of a client in code that serves requests: in an outage every call is sent 4 times, 4x the load`
}

// The twin: a client that keeps the bucket.
func newDefaultServer(cfg aws.Config) *server {
	return &server{q: awsclient.NewDefault(cfg)}
}
