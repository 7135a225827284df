package retryclass

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// How values are folded: a variable through its last assignment on the
// path, a call through the scenario (the calls it fails, what the
// standard library and the gRPC status package return).

// variable evaluates a variable through its last assignment on the path.
func (ev *evaluator) variable(p *retryscan.Path, step int, obj types.Object) value {
	v, ok := obj.(*types.Var)
	if !ok {
		return unknownValue(false)
	}
	for i := step - 1; i >= 0; i-- {
		st := p.Steps[i]
		if rhs, idx, found := assignmentOf(ev.info, st, v); found {
			if rhs == nil {
				if zero, ok := zeroValue(st, v); ok {
					return zero // var err error
				}
				return unknownValue(ev.isRelated(v)) // an assignment not followed: x += 1
			}
			if idx >= 0 {
				return ev.result(p, i, rhs, idx)
			}
			return ev.eval(p, i, rhs)
		}
		if assignsIn(ev.info, st, v) {
			return unknownValue(ev.isRelated(v)) // inside a nested loop or a compound step
		}
	}
	return unknownValue(ev.isRelated(v))
}

// isRelated reports whether a variable may hold the attempt's outcome:
// it is assigned from it, or it is an error or a response.
func (ev *evaluator) isRelated(v *types.Var) bool {
	return ev.related[v] || isErrorType(v.Type()) || isResponse(v.Type())
}

// result evaluates the idx-th result of a multi-value expression.
func (ev *evaluator) result(p *retryscan.Path, step int, rhs ast.Expr, idx int) value {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok {
		return unknownValue(ev.mentionsRelated(rhs))
	}
	return ev.call(p, step, call, idx)
}

// call evaluates the idx-th result of a call.
func (ev *evaluator) call(p *retryscan.Path, step int, call *ast.CallExpr, idx int) value {
	fn := calleeOf(ev.info, call)
	if h := catalog.LookupClassHook(fn); h != nil && h.Hook == catalog.HookStatusCode {
		return ev.statusCode(p, step, call, fn, idx)
	}
	switch {
	case analysisutil.IsFunc(fn, "errors", "", "Is") && len(call.Args) == 2:
		return ev.errorsIs(ev.eval(p, step, call.Args[0]), call.Args[1])
	case analysisutil.IsFunc(fn, "fmt", "", "Errorf"), analysisutil.IsFunc(fn, "errors", "", "New"):
		return value{kind: vErr, err: errPlain}
	case fn != nil && fn.Name() == "Err" && isContext(recvType(ev.info, call)):
		if ev.sc.cancel {
			return value{kind: vErr, err: errCtx}
		}
		return value{kind: vNil}
	}
	sig, ok := ev.info.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok || idx >= sig.Results().Len() {
		return unknownValue(ev.mentionsRelated(call))
	}
	t := sig.Results().At(idx).Type()
	if class, fails := ev.fails(call); fails {
		code := ev.sc.code
		if class == errGRPC && ev.sc.cancel {
			code = 1 // codes.Canceled
			if ev.sc.deadline {
				code = 4 // codes.DeadlineExceeded
			}
		}
		switch {
		case isErrorType(t):
			return value{kind: vErr, err: class, n: code}
		case isResponse(t):
			return value{kind: vNil}
		}
		return unknownValue(true)
	}
	if !ev.opaqueCall(call) {
		switch {
		case isErrorType(t):
			return value{kind: vNil}
		case isResponse(t):
			return value{kind: vResp}
		}
	}
	return unknownValue(ev.mentionsRelated(call) || isErrorType(t) || isResponse(t))
}

// opaqueCall reports whether a call's outcome is unknown in the
// scenario: it is handed what the attempt returned and may decide on it
// (checkStatus(resp), classify(err)). The standard library decides
// nothing about statuses or codes: io.ReadAll(resp.Body) and
// json.Unmarshal succeed in every scenario but the ones that fail them.
func (ev *evaluator) opaqueCall(call *ast.CallExpr) bool {
	if !ev.mentionsRelated(call) {
		return false
	}
	fn := calleeOf(ev.info, call)
	return fn == nil || !isStd(fn.Pkg())
}

// statusCode folds status.Code(err), status.FromError(err),
// status.Convert(err) and st.Code().
func (ev *evaluator) statusCode(p *retryscan.Path, step int, call *ast.CallExpr, fn *types.Func, idx int) value {
	var arg value
	if fn.Name() == "Code" && analysisutil.RecvName(fn) == "Status" {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return unknownValue(true)
		}
		st := ev.eval(p, step, sel.X)
		switch st.kind {
		case vStat:
			return value{kind: vInt, n: st.n}
		case vNil:
			return value{kind: vInt, n: 0}
		}
		return unknownValue(true)
	}
	if len(call.Args) != 1 {
		return unknownValue(true)
	}
	arg = ev.eval(p, step, call.Args[0])
	code, isStatus := int64(0), true
	switch {
	case arg.kind == vNil:
	case arg.kind == vErr && arg.err == errGRPC:
		code = arg.n
	case arg.kind == vErr:
		code, isStatus = 2, false // codes.Unknown: not a status error
	default:
		return unknownValue(true)
	}
	switch {
	case fn.Name() == "Code":
		return value{kind: vInt, n: code}
	case fn.Name() == "FromError" && idx == 1:
		return boolValue(map[bool]tri{true: yes, false: no}[isStatus], false)
	}
	return value{kind: vStat, n: code}
}

// errorsIs folds errors.Is(err, target) for a context error target and
// for errors that cannot wrap the target.
func (ev *evaluator) errorsIs(err value, target ast.Expr) value {
	switch err.kind {
	case vNil:
		return value{kind: vBool, b: no}
	case vErr:
	default:
		return unknownValue(err.related)
	}
	obj := analysisutil.ObjectOf(ev.info, target)
	isCtx := analysisutil.PkgPath(obj) == "context"
	switch {
	case isCtx && err.err == errCtx:
		want := "Canceled"
		if ev.sc.deadline {
			want = "DeadlineExceeded"
		}
		return boolValue(map[bool]tri{true: yes, false: no}[obj.Name() == want], false)
	case isCtx:
		return value{kind: vBool, b: no} // a status or plain error is not a context error
	case err.err == errCtx:
		return value{kind: vBool, b: no} // a context error is no user sentinel
	}
	return unknownValue(true)
}
