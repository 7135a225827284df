// Package cheap holds look-alikes of candidates that must not make the
// recognizer build SSA: every go vet run analyzes packages like these as
// dependencies (TestCheapPackages).
package cheap

import (
	"context"
	"strings"
	"time"
)

// WaitStatus is shaped like x/sys/unix's: bool methods on an integer,
// with masks that fall in the range of HTTP statuses. A package that does
// not import net/http has no status classifier.
type WaitStatus uint32

const (
	mask    = 0x7F
	stopped = 0x7F
	shift   = 8
)

func (w WaitStatus) Exited() bool   { return w&mask == 0 }
func (w WaitStatus) Stopped() bool  { return w&0xFF == stopped }
func (w WaitStatus) Signaled() bool { return w&mask != stopped && w&mask != 0 }
func (w WaitStatus) CoreDump() bool { return w&0x80 == 0x80 && w>>shift < 256 }

// Each part of a list, with a pause between: the standard library's
// iterators visit data.
func EachPart(ctx context.Context, list string, send func(context.Context) error) error {
	for range strings.SplitSeq(list, ",") {
		if err := send(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
	return nil
}
