// Package plain is what most dependencies are: it calls its own
// functions, the standard library and interface methods, and sends,
// runs, delivers and retries nothing. The walks after the index read
// none of its bodies (TestIndexReads).
package plain

import (
	"fmt"
	"io"
	"strings"
)

type Writer struct{ w io.Writer }

// Write has the name of an interface method it calls.
func (w *Writer) Write(p []byte) (int, error) { return w.w.Write(p) }

func Render(w io.Writer, items []string) error {
	for i, it := range items {
		if _, err := fmt.Fprintf(w, "%d: %s\n", i, title(it)); err != nil {
			return err
		}
	}
	go func() { _ = title("later") }()
	return nil
}

func title(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
