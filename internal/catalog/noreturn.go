package catalog

import "go/types"

// NoReturn reports a function that ends the goroutine or the process
// and so never returns to its caller: os.Exit, runtime.Goexit, the
// Fatal and Panic functions and methods of the logging packages
// (log.Fatal, klog.Fatalf, logger.Panicf), and testing's FailNow, Fatal
// and Skip methods. A path of an attempt that calls one ends there.
func NoReturn(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	switch fn.Name() {
	case "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln", "FailNow", "Skip", "Skipf", "SkipNow":
		return true
	case "Exit":
		return fn.Pkg() != nil && (fn.Pkg().Path() == "os" || fn.Pkg().Path() == "syscall")
	case "Goexit":
		return fn.Pkg() != nil && fn.Pkg().Path() == "runtime"
	}
	return false
}
