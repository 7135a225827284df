// Command awsbatch drains a queue once: one client, not a fleet, and
// quiet with a client whose bucket is off.
package main

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"example.com/retrybudgettest/awsclient"
)

func main() {
	q := awsclient.New(aws.Config{})
	q.ReceiveMessage(context.Background(), &sqs.ReceiveMessageInput{})
}
