package topology

import (
	"encoding/json"
	"io"
)

// JSON writes the report as indented JSON, the documented schema of
// docs/report.md. Build sorts every slice, so equal code gives equal
// bytes; HTML characters are written as they are (the output is read by
// people and programs, not embedded in a page).
func JSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}
