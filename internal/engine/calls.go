package engine

import (
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// Role is what a result of an attempt call tells about its outcome.
type Role uint8

const (
	// RoleNone: the result says nothing of the outcome.
	RoleNone Role = iota
	// RoleErr: an error, nil on success.
	RoleErr
	// RoleOK: a bool, true on success (ok, err := tryLock(ctx)).
	RoleOK
	// RoleResp: a response with a StatusCode field.
	RoleResp
	// RoleValue: another nilable result beside an error, not nil on
	// success (ws, err := c.Watch(ctx)).
	RoleValue
)

// Roles returns the role of each result of a call.
func Roles(c ssa.CallInstruction) []Role {
	sig := c.Common().Signature()
	res := sig.Results()
	var ts []types.Type
	for i := range res.Len() {
		ts = append(ts, res.At(i).Type())
	}
	roles := make([]Role, len(ts))
	name := ""
	if fn := Callee(c); fn != nil {
		name = fn.Name()
	} else if v, ok := c.Common().Value.(interface{ Name() string }); ok {
		name = v.Name()
	}
	for i, t := range ts {
		switch {
		case analysisutil.IsErrorType(t), len(ts) == 1 && errorReport(t):
			roles[i] = RoleErr
		case isBool(t) && boolAttempt(ts) && !queriesState(name):
			roles[i] = RoleOK
		case hasStatusField(t), catalog.StatusResponse(t):
			roles[i] = RoleResp
		case nilable(t) && slices.ContainsFunc(ts, analysisutil.IsErrorType):
			roles[i] = RoleValue
		}
	}
	return roles
}

// errorReport reports a pointer to an error type of a package's own
// that is no error value, the sole result of an attempt that is nil on
// success (terraform's resource.Retry operations and their copies):
//
//	type RetryError struct {
//		Err       error
//		Retryable bool
//	}
//	func() *RetryError
func errorReport(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	if !ok || !strings.HasSuffix(n.Obj().Name(), "Error") {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if analysisutil.IsErrorType(st.Field(i).Type()) {
			return true
		}
	}
	return false
}

// boolAttempt reports results shaped like an attempt's report: (bool)
// or (bool, error). Two bools (stopped, errored) or a value beside the
// bool (v, ok := cache.Load(k)) say something else.
func boolAttempt(ts []types.Type) bool {
	switch len(ts) {
	case 1:
		return true
	case 2:
		return isBool(ts[0]) && analysisutil.IsErrorType(ts[1])
	}
	return false
}

// queriesState reports a callee named like a question about a state
// (isReady, hasLeader, checkHealth, pollJob, exists, shouldHandoff,
// closed, proto.Equal): its bool result
// says what the state is, not whether an attempt worked, and a loop
// waiting for it to turn true is a poll.
func queriesState(name string) bool {
	name = strings.ToLower(name)
	return slices.ContainsFunc([]string{"is", "has", "can", "check", "poll", "ready", "exist", "contain", "get", "list", "find", "lookup", "wait", "status", "health", "alive", "next", "scan", "more", "should", "closed", "stopped", "equal", "deepequal", "match"},
		func(p string) bool { return strings.HasPrefix(name, p) })
}

func isBool(t types.Type) bool {
	b, ok := types.Unalias(t).Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// hasStatusField reports a pointer to a struct with an integer field
// named like a status (net/http's Response, and the many like it).
func hasStatusField(t types.Type) bool {
	p, ok := types.Unalias(t).Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	return ok && namesStatus(st)
}

// nilable reports whether nil is a value of t.
func nilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Chan, *types.Signature:
		return true
	}
	return false
}

// call evaluates result idx of a call (-1: its only result).
func (w *walker) call(c *ssa.Call, idx, upto int) Val {
	fn := Callee(c)
	args := c.Call.Args
	if c.Call.IsInvoke() {
		args = append([]ssa.Value{c.Call.Value}, args...)
	}
	if o, ok := w.sc.outcome(c); ok {
		if w.p.callStatusResult(c, max(idx, 0)) {
			if n, ok := w.p.statusOnError(c, max(idx, 0)); o.Fails && ok {
				return Val{Kind: Int, N: n, Exact: true, Related: true} // return 0, err
			}
			return statusOutcome(o, o.Fails && w.p.statusBesideError(c, max(idx, 0))) // status, err := deliver(ctx, url)
		}
		if w.sc.ReadOwn && !w.sc.decides(c) && w.p.own(c.Call.StaticCallee()) && roleAt(c, idx) == RoleErr {
			// Its body returns no error here: the helper does not fail
			// with this status. An error it makes keeps the scenario's
			// outcome, which knows the status the error carries.
			if v, ok := w.summary(c, fn, args, idx, upto); ok && v.Kind == Nil {
				return v
			}
		}
		return w.outcomeVal(c, idx, o)
	}
	// A call handed the outcome (an error, a response or a typed error
	// read with errors.As, which carry the scenario's status) says
	// something the scenario does not decide: apiErr.Temporary().
	related := func() bool {
		return slices.ContainsFunc(args, func(a ssa.Value) bool {
			v := w.eval(a, upto)
			return v.Related || v.Kind == Err || v.Kind == NonNil && v.Status
		})
	}
	if fn == nil {
		if b, ok := c.Call.Value.(*ssa.Builtin); ok && (b.Name() == "min" || b.Name() == "max") {
			return w.minmax(b.Name() == "min", args, upto)
		}
		if w.funcVerdict(c, idx, upto) {
			if w.sc.Asked != nil && c.Call.Value == ssa.Value(w.sc.Asked) && w.sc.Says != catalog.TriUnknown {
				return boolVal(w.sc.Says, false) // isRetryable(err), the wrapper's classifier parameter
			}
			return verdict() // retry, delay := t.retry(Attempt{Response: res, Error: err})
		}
		if w.sc.All != nil && !related() {
			return w.outcomeVal(c, idx, *w.sc.All)
		}
		return unknown(related())
	}
	if v, ok := w.textCall(fn, args, upto); ok {
		return v // strings.Contains(err.Error(), "status code: 404") (errtext.go)
	}
	if v, ok := w.asked(fn, args, idx, upto); ok {
		return v // res.Header.Get("x-should-retry")
	}
	if h := catalog.LookupClassHook(fn); h != nil && h.Hook == catalog.HookStatusCode {
		return w.statusCode(fn, args, idx, upto)
	}
	if m := catalog.LookupStatusMethod(fn); m != catalog.StatusNone && len(args) == 1 {
		return respStatus(m, w.eval(args[0], upto))
	}
	if v, ok := w.reply(c, fn, args, idx); ok {
		return v
	}
	switch {
	case analysisutil.IsFunc(fn, "slices", "", "Contains") && len(args) == 2:
		if statusInt(w.eval(args[1], upto)) {
			return verdict() // slices.Contains(t.retryable, resp.StatusCode)
		}
	case analysisutil.IsFunc(fn, "errors", "", "Is") && len(args) == 2:
		return w.errorsIs(w.eval(args[0], upto), w.eval(args[1], upto))
	case analysisutil.IsFunc(fn, "errors", "", "As") && len(args) == 2:
		return w.errorsAs(w.eval(args[0], upto), args[1])
	case analysisutil.IsFunc(fn, "errors", "", "New"):
		return w.withText(Val{Kind: Err, Class: ErrPlain}, fn, args, upto)
	case analysisutil.IsFunc(fn, "fmt", "", "Errorf"):
		return w.withText(w.wrapped(args, upto), fn, args, upto)
	case fn.Name() == "Err" && len(args) == 1 && IsContext(args[0].Type()):
		return w.ctxErr()
	case len(args) == 1 && (fn.Name() == "Timeout" || fn.Name() == "Temporary"):
		if v, ok := timeoutAnswer(fn, w.eval(args[0], upto)); ok {
			return v // ne.Timeout() of the context's error
		}
	case StatusName(fn.Name()) && len(args) == 1:
		// re.HTTPStatusCode() of an error that carries a status.
		if r := w.eval(args[0], upto); r.Kind == NonNil && r.Status && !r.Success {
			return intVal(r.N)
		}
	case catalog.LookupStatusPredicate(fn) != nil && len(args) == 1:
		return statusPredicate(catalog.LookupStatusPredicate(fn), catalog.IsAbsencePredicate(fn), w.eval(args[0], upto))
	case catalog.IsAbsencePredicate(fn) && len(args) >= 1:
		return absent(w.eval(args[0], upto))
	}
	if h := catalog.LookupClassHook(fn); h != nil && (h.Hook == catalog.HookPermanent || h.Hook == catalog.HookRetryAfter || h.Hook == catalog.HookRetryable) {
		return Val{Kind: Err, Class: ErrPlain, Hook: h} // an error that tells the library what to do
	}
	if v, ok := w.summary(c, fn, args, idx, upto); ok {
		return v
	}
	if v, ok := w.imported(c, fn, args, idx, upto); ok {
		return v
	}
	if w.sc.All != nil && (std(fn.Pkg()) || !related()) {
		return w.outcomeVal(c, idx, *w.sc.All)
	}
	return unknown(related())
}

// reply evaluates a method that reads the reply of a command the
// scenario decides (catalog.RedisReply): its error is the command's
// outcome, what else it returns (the value, ok) is unknown, as the
// command's success says nothing of it (SetNX's false is an answer).
//
//	ok, err := rdb.SetNX(ctx, key, id, ttl).Result()
func (w *walker) reply(c *ssa.Call, fn *types.Func, args []ssa.Value, idx int) (Val, bool) {
	if len(args) == 0 || !catalog.RedisReply(fn) {
		return Val{}, false
	}
	cmd, ok := Strip(args[0]).(*ssa.Call)
	if !ok {
		return Val{}, false
	}
	o, ok := w.sc.outcome(cmd)
	if !ok {
		return Val{}, false
	}
	o.OK, o.Value = catalog.TriUnknown, catalog.TriUnknown
	return w.outcomeVal(c, idx, o), true
}

// roleAt is the role of result idx of a call (-1: its only result).
func roleAt(c ssa.CallInstruction, idx int) Role {
	roles := Roles(c)
	if idx < 0 {
		idx = 0
	}
	if idx >= len(roles) {
		return RoleNone
	}
	return roles[idx]
}

// outcomeVal is result idx of a call that ends with o; the error of a
// call into another package is Foreign (foreignerr.go).
func (w *walker) outcomeVal(c ssa.CallInstruction, idx int, o Outcome) Val {
	v := outcomeVal(c, idx, o)
	if v.Kind == Err && w.p.foreignErr(c) {
		v.Foreign = true
	}
	return v
}

// outcomeVal is result idx of a call that ends with o.
func outcomeVal(c ssa.CallInstruction, idx int, o Outcome) Val {
	roles := Roles(c)
	if idx < 0 {
		idx = 0
	}
	if idx >= len(roles) {
		return unknown(true)
	}
	switch roles[idx] {
	case RoleErr:
		if o.Fails {
			return Val{Kind: Err, Class: o.Class, N: o.Code}
		}
		return Val{Kind: Nil}
	case RoleOK:
		if o.OK == catalog.TriUnknown && o.Fails && !slices.Contains(roles, RoleErr) {
			return boolVal(catalog.TriNo, false)
		}
		return boolVal(o.OK, true)
	case RoleResp:
		switch {
		case o.Fails && isResponse(c.Common().Signature().Results().At(idx).Type()):
			return Val{Kind: Nil} // net/http: on error, no response
		case o.Fails, o.Status < 0:
			return unknown(true)
		case o.Status == 0:
			return Val{Kind: NonNil, Status: true, Success: true, Quiet: o.Quiet}
		}
		return Val{Kind: NonNil, Status: true, N: int64(o.Status), Quiet: o.Quiet}
	case RoleValue:
		if o.Value == catalog.TriYes {
			return Val{Kind: NonNil}
		}
	}
	return unknown(true)
}

// errorsIs folds errors.Is(err, target) for the classes of error a
// scenario knows.
func (w *walker) errorsIs(err, target Val) Val {
	switch err.Kind {
	case Nil:
		return boolVal(catalog.TriNo, false)
	case Err:
	default:
		return unknown(err.Related)
	}
	if target.Kind != Err || target.Class != ErrSentinel {
		return unknown(true)
	}
	ctxErr := analysisutil.PkgPath(target.Sentinel) == "context"
	switch err.Class {
	case ErrCanceled, ErrDeadline:
		if ctxErr {
			want := "Canceled"
			if err.Class == ErrDeadline {
				want = "DeadlineExceeded"
			}
			return boolVal(triOf(target.Sentinel.Name() == want), false)
		}
		return boolVal(catalog.TriNo, false) // a context error is no sentinel of the program
	case ErrPlain, ErrGRPC:
		return boolVal(catalog.TriNo, false)
	case ErrStatus:
		if ctxErr {
			return boolVal(catalog.TriNo, false) // the server answered: the context is not done
		}
	case ErrSentinel:
		if err.Sentinel == target.Sentinel {
			return boolVal(catalog.TriYes, false)
		}
		return unknown(true) // one sentinel may wrap another
	case ErrPresent:
		if w.p.absence(target.Sentinel) {
			return boolVal(catalog.TriNo, false)
		}
	case ErrAbsent:
		if ctxErr {
			return boolVal(catalog.TriNo, false)
		}
	}
	if ctxErr && err.Class == ErrAny {
		return unknown(true)
	}
	return unknown(true)
}

// errorsAs folds errors.As(err, &target): false for a nil error, and for
// a context error into a type of the program that cannot hold one.
func (w *walker) errorsAs(err Val, target ssa.Value) Val {
	switch err.Kind {
	case Nil:
		return boolVal(catalog.TriNo, false)
	case Err:
		if err.Class == ErrStatus {
			if p, ok := Strip(unwrapIface(target)).Type().Underlying().(*types.Pointer); ok && w.p.carriesStatus(p.Elem()) {
				return boolVal(catalog.TriYes, false)
			}
		}
		if err.Class == ErrCanceled || err.Class == ErrDeadline || err.Class == ErrPlain {
			if p, ok := Strip(unwrapIface(target)).Type().Underlying().(*types.Pointer); ok && cannotHoldContextError(p.Elem()) {
				return boolVal(catalog.TriNo, false)
			}
		}
		if p, ok := Strip(unwrapIface(target)).Type().Underlying().(*types.Pointer); ok {
			if t := asErr(err, p.Elem()); t != catalog.TriUnknown {
				return boolVal(t, false) // errors.As into the type the package made it of, or not (dyntype.go)
			}
		}
	}
	return unknown(true)
}

// cannotHoldContextError reports whether errors.As into a variable of
// type t is false for a context error (and for an error of the standard
// library): t is a type of the program, or a pointer to one, that is not
// an interface and has no Unwrap method through which it could carry
// one. var he *HTTPError; errors.As(err, &he) is false once ctx is done.
func cannotHoldContextError(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || types.IsInterface(n) || std(n.Obj().Pkg()) {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(n), true, n.Obj().Pkg(), "Unwrap")
	_, isMethod := obj.(*types.Func)
	return !isMethod
}

// wrapped is the error fmt.Errorf makes: of the class of an error it
// wraps with %w, else a plain one. A sentinel of the program it wraps is
// what errors.Is finds in it, the hand-rolled backoff.Permanent:
//
//	return fmt.Errorf("%w: status %d", errPermanent, resp.StatusCode)
//
// When the format is not a constant, an error among the arguments may be
// wrapped: its class is kept, and a sentinel leaves errors.Is unknown.
func (w *walker) wrapped(args []ssa.Value, upto int) Val {
	verbs := formatVerbs(args)
	if len(args) != 2 {
		return Val{Kind: Err, Class: ErrPlain}
	}
	vals, ok := variadic(args[1])
	if !ok {
		return Val{Kind: Err, Class: ErrAny}
	}
	for i, a := range vals {
		v := w.eval(a, upto)
		switch {
		case v.Kind != Err:
		case verbs == nil && v.Class == ErrSentinel:
			return Val{Kind: Err, Class: ErrAny}
		case verbs == nil, i < len(verbs) && verbs[i] == 'w':
			v.Dyn = nil // the wrapper is fmt's, not the type it wraps
			return v
		}
	}
	return Val{Kind: Err, Class: ErrPlain}
}

// variadic returns the values packed into the slice a variadic call
// makes of its last arguments; none for a nil slice.
func variadic(v ssa.Value) ([]ssa.Value, bool) {
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return nil, true
	}
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil, false
	}
	a, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	return arrayStores(a)
}

// formatVerbs returns the verbs of a constant format (args[0]) for the
// arguments after it, in order, or nil when the format is not a
// constant or indexes its arguments.
func formatVerbs(args []ssa.Value) []byte {
	c, ok := Strip(firstArg(args)).(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return nil
	}
	f := constant.StringVal(c.Value)
	verbs := []byte{}
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		for i++; i < len(f) && strings.IndexByte("+-# 0123456789.*", f[i]) >= 0; i++ {
			if f[i] == '*' {
				verbs = append(verbs, '*') // a width taken from an argument
			}
		}
		switch {
		case i >= len(f):
		case f[i] == '[':
			return nil
		case f[i] != '%':
			verbs = append(verbs, f[i])
		}
	}
	return verbs
}

// firstArg returns args[0], or nil.
func firstArg(args []ssa.Value) ssa.Value {
	if len(args) == 0 {
		return nil
	}
	return args[0]
}

// ctxErr is ctx.Err(): the context's error when the scenario cancels it.
func (w *walker) ctxErr() Val {
	switch {
	case w.sc.Deadline:
		return Val{Kind: Err, Class: ErrDeadline}
	case w.sc.Cancel:
		return Val{Kind: Err, Class: ErrCanceled}
	}
	return Val{Kind: Nil}
}

// absent folds a "not found" predicate (apierrors.IsNotFound(err)).
func absent(err Val) Val {
	switch {
	case err.Kind == Nil:
		return boolVal(catalog.TriNo, false)
	case err.Kind != Err:
		return unknown(err.Related)
	case err.Class == ErrPresent, err.Class == ErrPlain, err.Class == ErrCanceled, err.Class == ErrDeadline, err.Class == ErrGRPC:
		return boolVal(catalog.TriNo, false)
	case err.Class == ErrAbsent:
		return boolVal(catalog.TriYes, false)
	}
	return unknown(true)
}

// statusPredicate folds a predicate of apimachinery's api/errors
// (apierrors.IsConflict(err)): an error carrying a status answers as the
// catalog says, one that is no API status (a transport failure, the
// context's error, a gRPC status) false; IsNotFound of the program's own
// "not found" errors (absence) is read as absent does.
func statusPredicate(p *catalog.StatusPredicate, absence bool, err Val) Val {
	switch {
	case err.Kind == Nil:
		return boolVal(catalog.TriNo, false)
	case err.Kind == Err && err.Class == ErrStatus && err.N >= 100 && err.N < 600:
		if t := p.Answer(int(err.N)); t != catalog.TriUnknown {
			return boolVal(t, false)
		}
		return unknown(true)
	case err.Kind == Err && (err.Class == ErrPlain || err.Class == ErrCanceled || err.Class == ErrDeadline || err.Class == ErrGRPC):
		return boolVal(catalog.TriNo, false)
	case absence:
		return absent(err)
	}
	return unknown(err.Related || err.Kind == Err)
}

// statusCodeOf is the status code of a response (or typed error) whose
// status the scenario decides: any 2xx, or the one the scenario names,
// read from the outcome.
func statusCodeOf(resp Val) Val {
	if resp.Success {
		return Val{Kind: Int, Status: true, Success: true}
	}
	return Val{Kind: Int, N: resp.N, Exact: true, Related: true}
}

// respStatus evaluates a status method of a response (resty's
// resp.StatusCode(), IsSuccess(), IsError()) the scenario decides, as a
// load of net/http's StatusCode field is: a 2xx the scenario leaves
// unnamed is every 2xx.
func respStatus(m catalog.StatusMethod, resp Val) Val {
	if resp.Kind != NonNil || !resp.Status {
		return unknown(resp.Related || resp.Kind == NonNil)
	}
	switch m {
	case catalog.StatusCode:
		return statusCodeOf(resp)
	case catalog.StatusSuccess:
		return boolVal(triOf(resp.Success || resp.N >= 200 && resp.N < 300), false)
	case catalog.StatusFailure:
		return boolVal(triOf(!resp.Success && resp.N >= 400), false)
	}
	return unknown(true)
}

// grpcNotFound is codes.NotFound.
const grpcNotFound = 5

// statusCode folds status.Code(err), status.FromError(err),
// status.Convert(err) and st.Code().
func (w *walker) statusCode(fn *types.Func, args []ssa.Value, idx, upto int) Val {
	if len(args) != 1 {
		return unknown(true)
	}
	x := w.eval(args[0], upto)
	if analysisutil.RecvName(fn) == "Status" {
		switch {
		case x.Kind == Nil:
			return intVal(0)
		case x.Kind == NonNil && x.Status:
			return intVal(x.N)
		}
		return unknown(true)
	}
	// isStatus is FromError's ok: true for nil (a nil *Status, whose
	// Code() is codes.OK) and for an error that carries a gRPC status,
	// false for any other error, which it gives codes.Unknown.
	code, isStatus := Val{}, catalog.TriYes
	switch {
	case x.Kind == Nil:
		code = intVal(0)
	case x.Kind == Err && x.Class == ErrGRPC:
		code = Val{Kind: Int, N: x.N, Exact: true, Related: true} // read from the outcome
	case x.Kind == Err && x.Class == ErrPresent:
		// Not "not found", of any other kind: a status or not.
		code = Val{Kind: Int, HasNot: true, Not: grpcNotFound, Related: true}
		isStatus = catalog.TriUnknown
	case x.Kind == Err && x.Class != ErrAny:
		code, isStatus = intVal(2), catalog.TriNo // codes.Unknown: not a status error
	default:
		return unknown(true)
	}
	switch {
	case fn.Name() == "Code":
		return code
	case fn.Name() == "FromError" && idx == 1:
		return boolVal(isStatus, true)
	case x.Kind == Nil:
		return Val{Kind: Nil} // FromError(nil) and Convert(nil) give a nil *Status
	}
	if !code.Exact {
		return unknown(true)
	}
	return Val{Kind: NonNil, Status: true, N: code.N} // a *status.Status
}

// minmax folds min and max over known integers.
func (w *walker) minmax(isMin bool, args []ssa.Value, upto int) Val {
	var out Val
	for i, a := range args {
		v := w.eval(a, upto)
		if v.Kind != Int || !v.Exact {
			return unknown(v.Related)
		}
		if i == 0 || (isMin && v.N < out.N) || (!isMin && v.N > out.N) {
			out = v
		}
	}
	return out
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// std reports whether pkg belongs to the standard library.
func std(pkg *types.Package) bool {
	if pkg == nil {
		return true
	}
	first, _, _ := strings.Cut(pkg.Path(), "/")
	return !strings.Contains(first, ".")
}

// selectIndex is the case a select takes in the scenario: the caller's
// context's Done channel is ready when it is cancelled, a timer's channel
// when it is not; other channels are unknown.
func (w *walker) selectIndex(s *ssa.Select) Val {
	chosen, unknownCase := -1, false
	for i, st := range s.States {
		ready := w.ready(st)
		switch ready {
		case catalog.TriYes:
			if chosen >= 0 {
				return unknown(false)
			}
			chosen = i
		case catalog.TriUnknown:
			unknownCase = true
		}
	}
	if unknownCase || (chosen < 0 && s.Blocking) {
		return unknown(false)
	}
	return intVal(int64(chosen))
}

// ready says whether a select case can go in the scenario.
func (w *walker) ready(st *ssa.SelectState) catalog.Tri {
	if st.Dir != types.RecvOnly {
		return catalog.TriUnknown
	}
	if c, ok := st.Chan.(*ssa.Call); ok {
		if fn := Callee(c); fn != nil && fn.Name() == "Done" && len(c.Call.Args) == 0 && c.Call.IsInvoke() && IsContext(c.Call.Value.Type()) {
			return triOf(w.sc.Cancel || w.sc.Deadline)
		}
	}
	if ch, ok := st.Chan.Type().Underlying().(*types.Chan); ok {
		if n, ok := types.Unalias(ch.Elem()).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time" {
			return triOf(!w.sc.Cancel && !w.sc.Deadline)
		}
	}
	return catalog.TriUnknown
}

// unwrapIface removes the conversion of a value to an interface
// (errors.As takes &target as an any).
func unwrapIface(v ssa.Value) ssa.Value {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		return mi.X
	}
	return v
}
