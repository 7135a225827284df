// Package funcs is the fixture of TestFuncs (a module of its own, out of
// TestWalks' ./...): every call through a function value reports the
// functions it can run, or that they are out of sight.
package funcs

import "strings"

func gen() string   { return "g" }
func fixed() string { return "f" }

// An unexported field set only by the constructor.
type client struct{ newID func() string }

func newClient() *client { return &client{newID: gen} }

func (c *client) field() {
	_ = c.newID() // want `funcs gen$`
}

// A field also written with something else: every function it is set
// to, a function literal's too.
type mixed struct{ newID func() string }

func newMixed() *mixed    { return &mixed{newID: gen} }
func (m *mixed) fix()     { m.newID = fixed }
func (m *mixed) withLit() { m.newID = func() string { return "x" } }
func (m *mixed) call()    { _ = m.newID() } // want `funcs gen fixed lit$`

// A field set from a parameter: out of sight.
type injected struct{ newID func() string }

func newInjected(f func() string) *injected { return &injected{newID: f} }
func (c *injected) call()                   { _ = c.newID() } // want `out of sight`

// An exported field: importers may set it.
type Exported struct{ NewID func() string }

func NewExported() *Exported { return &Exported{NewID: gen} }
func (c *Exported) call()    { _ = c.NewID() } // want `out of sight`

// Package variables: an unexported one never reassigned, an exported one.
var newKey = gen

var NewKey = gen

func pkgVars() {
	_ = newKey() // want `funcs gen$`
	_ = NewKey() // want `out of sight`
}

// An unexported package variable reassigned elsewhere: both.
var swapped = gen

func swap()        { swapped = fixed }
func callSwapped() { _ = swapped() } // want `funcs gen fixed$`

// Locals: plain, captured by a closure, chosen on a branch, from a
// helper; a parameter is out of sight.
func locals(b bool, param func() string) {
	g := gen
	_ = g()  // want `funcs gen$`
	func() { // want `funcs lit$`
		_ = g() // want `funcs gen$`
	}()
	h := gen
	if b {
		h = fixed
	}
	_ = h()      // want `funcs gen fixed$`
	_ = pick()() // want `funcs gen$`
	_ = param()  // want `out of sight`
	s := strings.ToUpper
	_ = s("x") // want `funcs ToUpper$`
}

func pick() func() string { return gen }

// A method value.
type source struct{ n int }

func (s *source) next() string { return "n" }

func methodValue(s *source) {
	f := s.next
	_ = f() // want `funcs next$`
}

// A package variable whose address is handed on: written out of sight.
var hooked = gen

func install(p *func() string) { *p = fixed }

func callHooked() {
	install(&hooked)
	_ = hooked() // want `out of sight`
}

// A retry helper's attempt held in a local, or a closure around it: the
// parameter op (RunsParams), and only op.
func held(op func() error, log func(error), verbose bool) {
	call := op
	if verbose {
		call = func() error {
			err := op() // want `out of sight; runs params op$`
			log(err)    // want `out of sight; runs params log$`
			return err
		}
	}
	_ = call() // want `out of sight; runs params op$`
}

// Kept in an unexported field of the helper's own struct: the parameter
// of the function that built it.
type retrier struct{ op func() error }

func withRetrier(op func() error) { (&retrier{op: op}).run() }

func (r *retrier) run() { _ = r.op() } // want `out of sight; runs params op$`

// A local that holds a function of the package: no parameter.
func heldOwn() {
	call := fixed
	_ = call() // want `funcs fixed$`
}
