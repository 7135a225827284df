package output

import (
	"fmt"
	"io"
)

// WriteText prints one "file:line:col: message" line per finding, the
// file relative to dir (the current directory) when it is inside it,
// like go vet does.
func WriteText(w io.Writer, findings []Finding, dir string) error {
	for _, f := range findings {
		file, _ := Rel(dir, f.Pos.File, false)
		if _, err := fmt.Fprintf(w, "%s:%d:%d: %s\n", file, f.Pos.Line, f.Pos.Col, f.Message); err != nil {
			return err
		}
	}
	return nil
}
