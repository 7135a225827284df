package libs

import (
	"time"

	avast "github.com/avast/retry-go/v4"
)

// An exported option list that only its initializer writes is what the
// package's retries use.
var UploadOptions = []avast.Option{avast.Attempts(0), avast.Delay(time.Second), avast.MaxDelay(time.Minute)}

func upload() error {
	return avast.Do(op, UploadOptions...) // want `retry.Do has no attempt limit, no elapsed-time limit and no cancellation \(avast.Attempts\(0\)\)`
}

// Twin: a function of the package sets the list: importers configure it
// there, so it is unknown.
var DownloadOptions = []avast.Option{avast.Attempts(0), avast.Delay(time.Second), avast.MaxDelay(time.Minute)}

func SetDownloadOptions(opts ...avast.Option) { DownloadOptions = opts }

func download() error {
	return avast.Do(op, DownloadOptions...)
}
