package catalog

import (
	"go/types"
	"slices"
)

// Local operations work on this machine's files, directories and ports: no
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

// localCalls are local operations in packages that also reach out:
// binding a listener waits for this machine's port to come free (a mock
// broker retrying net.Listen on EADDRINUSE), not for a server; taking a
// file lock waits for another process of this machine.
var localCalls = []Symbol{
	{"net", "", "Listen"}, {"net", "", "ListenPacket"}, {"net", "", "ListenTCP"},
	{"net", "", "ListenUDP"}, {"net", "", "ListenUnix"}, {"net", "", "ListenUnixgram"},
	{"net", "ListenConfig", "Listen"}, {"net", "ListenConfig", "ListenPacket"},
	// An advisory file lock waits for another process on this machine
	// (bbolt's flock loop on EWOULDBLOCK).
	{"syscall", "", "Flock"}, {"golang.org/x/sys/unix", "", "Flock"},
}

// IsLocalOperation reports whether fn works on local resources only: a
// function or method of the packages above, or one of localCalls.
func IsLocalOperation(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	return slices.Contains(localPkgs, fn.Pkg().Path()) || slices.Contains(localCalls, SymbolOf(fn))
}
