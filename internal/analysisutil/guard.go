package analysisutil

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"runtime/debug"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// Issues is where users report retrylint's own bugs.
const Issues = "https://github.com/retrylint/retrylint/issues"

// StackEnv is the environment variable that makes a recovered panic's
// error end with the Go stack trace; `retrylint -stack` sets it for the
// go vet it runs.
const StackEnv = "RETRYLINT_STACK"

// Guard returns an analyzer's Run function: run, with a panic turned into
// the error of this analyzer on this package. Every analyzer of retrylint
// is built with it, so a bug on one package of a dependency graph costs
// that package, never the run: the other packages are analyzed, and
// under go vet the facts exported before the failure are still written,
// so the importers of the failing package are analyzed too.
//
// run reports what it is working on through the Crumb, so that the error
// can say where the panic happened.
func Guard(run func(*analysis.Pass, *Crumb) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (result any, err error) {
		at := new(Crumb)
		defer func() {
			if r := recover(); r != nil {
				result, err = nil, panicError(pass, at, r, debug.Stack())
				reportDependency(pass, err)
			}
		}()
		return run(pass, at)
	}
}

// A Crumb is what an analyzer is working on: the function declaration
// and the node. Setting it costs a store, so analyzers set it for every
// function and retry site they visit. A nil *Crumb ignores what it is
// told.
type Crumb struct {
	decl *ast.FuncDecl
	pos  token.Pos
}

// Func records the function declaration being analyzed (nil for code
// outside functions).
func (c *Crumb) Func(decl *ast.FuncDecl) {
	if c != nil {
		c.decl, c.pos = decl, token.NoPos
	}
}

// At records the position being analyzed, inside the current function.
func (c *Crumb) At(pos token.Pos) {
	if c != nil {
		c.pos = pos
	}
}

// where renders the crumb: "at file:line:col (in func F)", "" when
// nothing was recorded.
func (c *Crumb) where(fset *token.FileSet) string {
	pos := c.pos
	if !pos.IsValid() && c.decl != nil {
		pos = c.decl.Pos()
	}
	var s string
	if pos.IsValid() && fset != nil {
		s = " at " + fset.Position(pos).String()
	}
	if c.decl != nil && c.decl.Name != nil {
		s += " (in func " + funcName(c.decl) + ")"
	}
	return s
}

// funcName names a declaration as a stack trace would: F, T.M, (*T).M.
func funcName(decl *ast.FuncDecl) string {
	if decl.Recv == nil || len(decl.Recv.List) == 0 {
		return decl.Name.Name
	}
	t := decl.Recv.List[0].Type
	ptr := false
	if st, ok := t.(*ast.StarExpr); ok {
		t, ptr = st.X, true
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	recv := "?"
	if id, ok := t.(*ast.Ident); ok {
		recv = id.Name
	}
	if ptr {
		recv = "(*" + recv + ")"
	}
	return recv + "." + decl.Name.Name
}

// panicError is the one-line error of a recovered panic: analyzer,
// package, position, panic value and a request to report it; the stack
// follows on further lines when StackEnv is set.
func panicError(pass *analysis.Pass, at *Crumb, r any, stack []byte) error {
	name, pkg := "analyzer", "package"
	if pass.Analyzer != nil {
		name = pass.Analyzer.Name
	}
	if pass.Pkg != nil {
		pkg = pass.Pkg.Path()
	}
	value := strings.Join(strings.Fields(fmt.Sprint(r)), " ")
	msg := fmt.Sprintf("%s: internal error analyzing %s%s: %s; this is a bug in retrylint, please report it at %s (retrylint -stack adds the Go stack trace)",
		name, pkg, at.where(pass.Fset), value, Issues)
	if os.Getenv(StackEnv) != "" {
		msg += "\n\n" + string(stack)
	}
	return errors.New(msg)
}

// stdoutMu serializes the reports of analyzers failing at the same time
// in one go vet tool run; see reportDependency.
var stdoutMu sync.Mutex

// reportDependency makes a failure on a dependency visible. go vet runs
// its tool on every dependency of the packages it checks, for facts
// only (the config's VetxOnly), and there unitchecker drops analyzer
// errors: the run would look complete. So the failure is written the way
// unitchecker writes a checked package's error, as a JSON tree on the
// standard output it redirected to the config's Stdout file; go vet
// prints that (its own -json, or as an error without it) and caches it
// with the facts, so every later run reports it again. Only the first
// failure is written: one package, one line.
func reportDependency(pass *analysis.Pass, err error) {
	id, ok := vetxOnlyUnit()
	if !ok || pass.Analyzer == nil {
		return
	}
	stdoutMu.Lock()
	defer stdoutMu.Unlock()
	if fi, statErr := os.Stdout.Stat(); statErr != nil || !fi.Mode().IsRegular() || fi.Size() > 0 {
		return
	}
	tree := map[string]map[string]map[string]string{id: {pass.Analyzer.Name: {"error": err.Error()}}}
	json.NewEncoder(os.Stdout).Encode(tree) // nowhere to report a failure to report
}

// vetxOnlyUnit returns the package ID of go vet's tool run on a
// dependency: the process was started as `tool [flags] vet.cfg` and the
// config says VetxOnly. It reads the file only on this failure path.
func vetxOnlyUnit() (string, bool) {
	if len(os.Args) < 2 || !strings.HasSuffix(os.Args[len(os.Args)-1], ".cfg") {
		return "", false
	}
	data, err := os.ReadFile(os.Args[len(os.Args)-1])
	if err != nil {
		return "", false
	}
	var cfg struct {
		ID       string
		VetxOnly bool
	}
	if json.Unmarshal(data, &cfg) != nil || !cfg.VetxOnly || cfg.ID == "" {
		return "", false
	}
	return cfg.ID, true
}
