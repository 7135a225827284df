module example.com/chain

go 1.26.0

require (
	github.com/cenkalti/backoff/v4 v4.3.0
	github.com/hashicorp/go-retryablehttp v0.7.8
)

require github.com/hashicorp/go-cleanhttp v0.5.2 // indirect
