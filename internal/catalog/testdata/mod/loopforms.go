package catalogtest

// The libraries of the loop-driver rows (../../loopforms.go).
import _ "github.com/coder/retry"
