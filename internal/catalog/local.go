package catalog

import (
	"go/types"
	"slices"
)

// Local operations work on this machine's files and directories: no
// other client waits on the same server behind them, so a retry of one
// has no herd of clients to spread out, and unboundedbackoff does not ask
// it for jitter. A retry that removes a directory until the last open
// handle goes away:
//
//	for time.Now().Before(deadline) {
//		time.Sleep(10 * time.Millisecond)
//		if err = os.RemoveAll(dir); err == nil {
//			return nil
//		}
//	}
//
// os/exec is not here: the command may well be a client of a server.
var localPkgs = []string{"os", "io/fs", "io/ioutil", "path/filepath"}

// IsLocalOperation reports whether fn works on local files and
// directories only (a function or method of the packages above).
func IsLocalOperation(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && slices.Contains(localPkgs, fn.Pkg().Path())
}
