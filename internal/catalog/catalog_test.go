package catalog_test

import (
	"go/types"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/testenv"
)

var (
	loadOnce sync.Once
	loaded   map[string]*types.Package
)

// loadLibraries type-checks every library the catalog describes, at the
// versions pinned in testdata/mod/go.mod (and testdata/modv1/go.mod, for
// versions that cannot share a build with those), and returns them by
// path. The tests share one load.
func loadLibraries(t *testing.T) map[string]*types.Package {
	t.Helper()
	loadOnce.Do(func() { loaded = load(t) })
	if loaded == nil {
		t.Fatal("the catalog's libraries did not load (see the first failing test)")
	}
	return loaded
}

func load(t *testing.T) map[string]*types.Package {
	all := map[string]*types.Package{}
	for _, mod := range []string{"testdata/mod", "testdata/modv1"} {
		dir, _ := filepath.Abs(mod)
		testenv.Download(t, dir)
		cfg := &packages.Config{
			Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps,
			Dir:  dir,
			Env:  append(testenv.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off"),
		}
		pkgs, err := packages.Load(cfg, ".")
		if err != nil {
			t.Error(err)
			return nil
		}
		if packages.PrintErrors(pkgs) > 0 {
			t.Errorf("the catalog's libraries in %s do not load", mod)
			return nil
		}
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			if p.Types != nil && all[p.PkgPath] == nil {
				all[p.PkgPath] = p.Types
			}
		})
	}
	return all
}

// lookup resolves a catalog symbol in the real package: a function, a
// method of a named type (pointer receiver or not, interface methods
// included), a struct field, or (empty Name) the type itself.
func lookup(pkgs map[string]*types.Package, s catalog.Symbol) types.Object {
	pkg := pkgs[s.Pkg]
	if pkg == nil {
		return nil
	}
	if s.Recv == "" {
		return pkg.Scope().Lookup(s.Name)
	}
	tn, ok := pkg.Scope().Lookup(s.Recv).(*types.TypeName)
	if !ok {
		return nil
	}
	if s.Name == "" {
		return tn
	}
	obj, _, _ := types.LookupFieldOrMethod(tn.Type(), true, pkg, s.Name)
	if obj == nil {
		obj, _, _ = types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, pkg, s.Name)
	}
	return obj
}

func TestRetryRowsMatchRealLibraries(t *testing.T) {
	pkgs := loadLibraries(t)
	seen := map[catalog.Symbol]bool{}
	for _, r := range catalog.Retries() {
		if seen[r.Symbol] {
			t.Errorf("%s: catalogued twice", r.Symbol)
		}
		seen[r.Symbol] = true
		fn, ok := lookup(pkgs, r.Symbol).(*types.Func)
		if !ok {
			t.Errorf("%s: no such function or method in the real module", r.Symbol)
			continue
		}
		sig := fn.Type().(*types.Signature)
		if r.Op >= 0 {
			if r.Op >= sig.Params().Len() {
				t.Errorf("%s: operation argument %d out of range", r.Symbol, r.Op)
			} else if _, ok := sig.Params().At(r.Op).Type().Underlying().(*types.Signature); !ok {
				t.Errorf("%s: argument %d is %s, not a function", r.Symbol, r.Op, sig.Params().At(r.Op).Type())
			}
		}
		if r.Ctx >= 0 {
			if r.Ctx >= sig.Params().Len() || sig.Params().At(r.Ctx).Type().String() != "context.Context" {
				t.Errorf("%s: argument %d is not a context.Context", r.Symbol, r.Ctx)
			}
		}
		if i := r.TimeArg - 1; i >= 0 && (i >= sig.Params().Len() || sig.Params().At(i).Type().String() != "time.Duration") {
			t.Errorf("%s: argument %d is not a time.Duration", r.Symbol, i)
		}
		if c := r.Classifier; c != nil {
			switch {
			case c.Arg >= sig.Params().Len():
				t.Errorf("%s: classifier argument %d out of range", r.Symbol, c.Arg)
			case c.Arg >= 0 && sig.Params().At(c.Arg).Type().String() != "func(error) bool":
				t.Errorf("%s: argument %d is %s, not a func(error) bool", r.Symbol, c.Arg, sig.Params().At(c.Arg).Type())
			case c.Arg < 0 && catalog.LookupStatusPredicateSymbol(c.Fixed) == nil:
				t.Errorf("%s: its classifier %s is no catalogued predicate", r.Symbol, c.Fixed)
			}
		}
		if r.Display == "" {
			t.Errorf("%s: no display name", r.Symbol)
		}
		if got := catalog.LookupRetry(fn); got == nil || got.Symbol != r.Symbol {
			t.Errorf("%s: LookupRetry does not find the row from the real function", r.Symbol)
		}
	}
}

func TestBoundOptionsMatchRealLibraries(t *testing.T) {
	pkgs := loadLibraries(t)
	for _, o := range catalog.BoundOptions() {
		checkOptionRow(t, pkgs, o.Symbol, o.Field, o.Arg)
	}
}

// TestDelayOptionsMatchRealLibraries checks every delay row the same
// way: a row for a version that lacks the option is an error too.
func TestDelayOptionsMatchRealLibraries(t *testing.T) {
	pkgs := loadLibraries(t)
	for _, o := range catalog.DelayOptions() {
		checkOptionRow(t, pkgs, o.Symbol, o.Field, o.Arg)
		if o.FactorArg >= 0 {
			checkOptionRow(t, pkgs, o.Symbol, o.Field, o.FactorArg)
		}
	}
}

// checkOptionRow checks an option row against the module it names: the
// symbol exists, is a struct field exactly when the row says so, and an
// argument the row reads is a parameter of the function.
func checkOptionRow(t *testing.T, pkgs map[string]*types.Package, sym catalog.Symbol, field bool, arg int) {
	t.Helper()
	obj := lookup(pkgs, sym)
	if obj == nil {
		t.Errorf("%s: no such symbol in the real module", sym)
		return
	}
	if v, isVar := obj.(*types.Var); field != (isVar && v.IsField()) {
		t.Errorf("%s: Field=%t but the symbol is a %T", sym, field, obj)
	}
	if fn, ok := obj.(*types.Func); ok && arg >= 0 {
		if sig := fn.Type().(*types.Signature); arg >= sig.Params().Len() {
			t.Errorf("%s: argument %d out of range", sym, arg)
		}
	}
}

func TestAWSOperationShape(t *testing.T) {
	pkgs := loadLibraries(t)
	sqs := pkgs["github.com/aws/aws-sdk-go-v2/service/sqs"]
	client := sqs.Scope().Lookup("Client").(*types.TypeName)
	mset := types.NewMethodSet(types.NewPointer(client.Type()))
	ops := 0
	for i := 0; i < mset.Len(); i++ {
		fn := mset.At(i).Obj().(*types.Func)
		row := catalog.LookupAWSOperation(fn)
		if fn.Name() == "SendMessage" && (row == nil || row.Attempts != 3 || row.Display != "sqs.SendMessage") {
			t.Errorf("SendMessage: got row %+v, want 3 attempts displayed as sqs.SendMessage", row)
		}
		if fn.Name() == "Options" && row != nil {
			t.Errorf("(*sqs.Client).Options is not an operation")
		}
		if row != nil {
			ops++
		}
	}
	if ops < 20 {
		t.Errorf("only %d sqs operations recognized", ops)
	}
}

func TestOpenAIOperationShape(t *testing.T) {
	pkgs := loadLibraries(t)
	openai := pkgs["github.com/openai/openai-go/v3"]
	method := func(typ, name string) *types.Func {
		tn := openai.Scope().Lookup(typ).(*types.TypeName)
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, openai, name)
		return obj.(*types.Func)
	}
	row := catalog.LookupOpenAIOperation(method("ChatCompletionService", "New"))
	if row == nil || row.Attempts != 3 || row.Display != "openai.ChatCompletionService.New" {
		t.Errorf("ChatCompletionService.New: got row %+v, want 3 attempts displayed as openai.ChatCompletionService.New", row)
	}
	if row := catalog.LookupOpenAIOperation(method("EmbeddingService", "New")); row == nil {
		t.Errorf("EmbeddingService.New not recognized")
	}
	// NewChatCompletionService(opts ...option.RequestOption) builds a
	// service and sends nothing: no context first.
	fn := openai.Scope().Lookup("NewChatCompletionService").(*types.Func)
	if row := catalog.LookupOpenAIOperation(fn); row != nil {
		t.Errorf("NewChatCompletionService is no operation")
	}
}

// TestAWSV1OperationShape: every sending form of an aws-sdk-go v1
// operation is a row, with its context argument; the unsent
// OpRequest, the pollers and the embedded *client.Client's methods are
// not; DynamoDB's own retryer makes 11 attempts.
func TestAWSV1OperationShape(t *testing.T) {
	pkgs := loadLibraries(t)
	ecs := pkgs["github.com/aws/aws-sdk-go/service/ecs"]
	typ := ecs.Scope().Lookup("ECS").(*types.TypeName)
	mset := types.NewMethodSet(types.NewPointer(typ.Type()))
	want := map[string]int{ // method: Ctx, or -2 for no row
		"ListClusters": -1, "ListClustersWithContext": 0, "ListClustersPages": -1, "ListClustersPagesWithContext": 0,
		"ListClustersRequest": -2, "WaitUntilServicesStable": -2, "WaitUntilServicesStableWithContext": -2, "NewRequest": -2,
	}
	ops := 0
	for i := 0; i < mset.Len(); i++ {
		fn := mset.At(i).Obj().(*types.Func)
		row := catalog.LookupAWSOperation(fn)
		if row != nil {
			ops++
		}
		ctx, ok := want[fn.Name()]
		switch {
		case !ok:
		case ctx == -2 && row != nil:
			t.Errorf("(*ecs.ECS).%s is not an operation", fn.Name())
		case ctx != -2 && (row == nil || row.Ctx != ctx || row.Attempts != 4 || row.Display != "ecs."+fn.Name()):
			t.Errorf("(*ecs.ECS).%s: got row %+v, want 4 attempts, Ctx %d", fn.Name(), row, ctx)
		}
	}
	if ops < 100 {
		t.Errorf("only %d ecs operations recognized", ops)
	}
	ddb := pkgs["github.com/aws/aws-sdk-go/service/dynamodb"].Scope().Lookup("DynamoDB").(*types.TypeName)
	get, _, _ := types.LookupFieldOrMethod(types.NewPointer(ddb.Type()), false, ddb.Pkg(), "GetItem")
	if row := catalog.LookupAWSOperation(get.(*types.Func)); row == nil || row.Attempts != 11 {
		t.Errorf("dynamodb.GetItem: got row %+v, want 11 attempts", row)
	}
}

func TestResty(t *testing.T) {
	pkgs := loadLibraries(t)
	for _, path := range []string{"github.com/go-resty/resty/v2", "resty.dev/v3"} {
		req := pkgs[path].Scope().Lookup("Request").(*types.TypeName)
		for _, m := range []string{"Get", "Post", "Patch", "Execute"} {
			obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(req.Type()), true, pkgs[path], m)
			fn, _ := obj.(*types.Func)
			row := catalog.LookupRestyRequest(fn)
			if row == nil {
				t.Errorf("%s: (*Request).%s not recognized", path, m)
				continue
			}
			// resty's default backoff: exponential from RetryWaitTime,
			// capped at RetryMaxWaitTime, with jitter (v2 client.go, v3
			// retry.go).
			if row.Delay != catalog.DelayExponential || row.Capped != catalog.TriYes || row.Jittered != catalog.TriYes {
				t.Errorf("%s: (*Request).%s: delay %v capped %v jittered %v, want exponential, capped, jittered", path, m, row.Delay, row.Capped, row.Jittered)
			}
		}
		cl := pkgs[path].Scope().Lookup("Client").(*types.TypeName)
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(cl.Type()), true, pkgs[path], "SetRetryCount")
		if fn, ok := obj.(*types.Func); !ok || !catalog.RestySetRetryCount(fn) {
			t.Errorf("%s: SetRetryCount not recognized", path)
		}
	}
}

// The URL index of every HTTP row names the parameter the real library
// calls url.
func TestHTTPURLArgument(t *testing.T) {
	pkgs := loadLibraries(t)
	for _, row := range catalog.HTTPCalls() {
		fn, ok := lookup(pkgs, row.Symbol).(*types.Func)
		if !ok {
			t.Errorf("%v: not found", row.Symbol)
			continue
		}
		params := fn.Type().(*types.Signature).Params()
		switch {
		case row.URL < 0:
		case row.URL >= params.Len():
			t.Errorf("%v: URL index %d out of range", row.Symbol, row.URL)
		case params.At(row.URL).Name() != "url":
			t.Errorf("%v: argument %d is %s, not url", row.Symbol, row.URL, params.At(row.URL).Name())
		}
	}
}

// cenkalti v4's ExponentialBackOff returns its Stop field; v5's and v3's
// have none.
func TestStopField(t *testing.T) {
	pkgs := loadLibraries(t)
	for path, want := range map[string]bool{
		"github.com/cenkalti/backoff/v4": true,
		"github.com/cenkalti/backoff/v5": false,
		"github.com/cenkalti/backoff/v3": false,
	} {
		tn := pkgs[path].Scope().Lookup("ExponentialBackOff").(*types.TypeName)
		if got := catalog.LookupStopField(tn.Type()) != nil; got != want {
			t.Errorf("%s: stop field %v, want %v", path, got, want)
		}
	}
}

func TestProtocols(t *testing.T) {
	for url, want := range map[string]bool{
		"/v1/traces": true, "http://c:4318/v1/metrics/": true, "/v1/logs?x=1": true,
		"/v1/orders": false, "/v1/traces/report": false, "": false,
	} {
		if got := catalog.ProtocolOfURL(url) != nil; got != want {
			t.Errorf("ProtocolOfURL(%q) = %v, want %v", url, got, want)
		}
	}
	for pkg, want := range map[string]bool{
		"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp": true,
		"go.opentelemetry.io/collector/exporter/otlphttpexporter":         true,
		"go.opentelemetry.io/otel/exporters/stdout/stdouttrace":           false,
		"go.opentelemetry.io/collector/exporter/otlphttpexporterx":        false,
		"google.golang.org/api/iamcredentials/v1":                         true,
		"google.golang.org/api/iam/v1":                                    false,
	} {
		if got := catalog.ProtocolOfPkg(pkg) != nil; got != want {
			t.Errorf("ProtocolOfPkg(%q) = %v, want %v", pkg, got, want)
		}
	}
	// Envoy's admin paths name its protocol, which holds only on a local
	// address (the analyzer checks where the request goes).
	if p := catalog.ProtocolOfURL("http://unix/healthcheck/fail"); p == nil || !p.Local {
		t.Errorf("ProtocolOfURL(/healthcheck/fail) = %+v, want a Local protocol", p)
	}
	if p := catalog.ProtocolOfURL("/v1/traces"); p == nil || p.Local {
		t.Errorf("ProtocolOfURL(/v1/traces) = %+v, want OTLP, not Local", p)
	}
	for field, want := range map[string]bool{"logout_token": true, "token": false, "id_token": false, "": false} {
		if got := catalog.ProtocolOfBodyField(field) != nil; got != want {
			t.Errorf("ProtocolOfBodyField(%q) = %v, want %v", field, got, want)
		}
	}
}

// A catalogued transport is a struct type of the real module with the
// client field it names, a RoundTrip method, and a client row for it;
// its constructors are functions of the real module that return an
// http.RoundTripper and take its policies from the index it names on.
func TestTransportsMatchRealLibraries(t *testing.T) {
	pkgs := loadLibraries(t)
	for _, tr := range catalog.Transports() {
		tn, ok := lookup(pkgs, tr.Type).(*types.TypeName)
		if !ok {
			t.Errorf("%s: no such type in the real module", tr.Type)
			continue
		}
		if _, ok := tn.Type().Underlying().(*types.Struct); !ok {
			t.Errorf("%s: not a struct type", tr.Type)
		}
		if got := catalog.TransportOf(types.NewPointer(tn.Type())); got == nil || got.Type != tr.Type {
			t.Errorf("%s: TransportOf does not find the row from the real type", tr.Type)
		}
		if f, ok := lookup(pkgs, catalog.Symbol{Pkg: tr.Type.Pkg, Recv: tr.Type.Recv, Name: tr.ClientField}).(*types.Var); tr.ClientField != "" && (!ok || !f.IsField()) {
			t.Errorf("%s: no field %s", tr.Type, tr.ClientField)
		}
		if tr.ClientField == "" && len(tr.Ctors) == 0 {
			t.Errorf("%s: neither a client field nor a constructor configures it", tr.Type)
		}
		for _, c := range tr.Ctors {
			fn, ok := lookup(pkgs, c).(*types.Func)
			if !ok {
				t.Errorf("%s: no such function in the real module", c)
				continue
			}
			sig := fn.Type().(*types.Signature)
			returns := sig.Results().Len() == 1 && sig.Results().At(0).Type().String() == "net/http.RoundTripper"
			if sig.Results().Len() == 1 {
				if got := catalog.TransportOf(sig.Results().At(0).Type()); got != nil && got.Type == tr.Type {
					returns = true // rehttp.NewTransport returns its *Transport
				}
			}
			if !returns || sig.Params().Len() <= tr.Policies || sig.Params().Len() < tr.Inner {
				t.Errorf("%s: not a func(..., policies) http.RoundTripper or *%s: %s", c, tr.Type.Recv, sig)
			}
			if got := catalog.TransportCtor(fn); got == nil || got.Type != tr.Type {
				t.Errorf("%s: TransportCtor does not find the row from the real function", c)
			}
		}
		if fn, ok := lookup(pkgs, tr.RoundTrip).(*types.Func); !ok || fn.Name() != "RoundTrip" {
			t.Errorf("%s: no RoundTrip method %s", tr.Type, tr.RoundTrip)
		}
		if r := tr.Row(); r == nil || r.Role != catalog.RoleClient || r.Attempts <= 0 && len(tr.Ctors) == 0 {
			// rehttp's constructor takes the RetryFn that counts: no default
			t.Errorf("%s: RoundTrip has no client row with a default attempt count", tr.Type)
		}
		if f, ok := lookup(pkgs, catalog.Symbol{Pkg: tr.Type.Pkg, Recv: tr.Type.Recv, Name: tr.AttemptTimeout}).(*types.Var); tr.AttemptTimeout != "" && (!ok || !f.IsField()) {
			t.Errorf("%s: no field %s", tr.Type, tr.AttemptTimeout)
		}
	}
	if catalog.TransportOf(types.Typ[types.Int]) != nil {
		t.Error("TransportOf found a row for int")
	}
}

// TestTerraformRetry checks the rows of terraform-plugin-sdk's Retry
// against the SDK (v2.40.1 and v1.17.2): every Retry and RetryContext of
// the three packages is catalogued, its timeout is the time bound, and
// its operation is func() *RetryError, a struct holding the error and
// whether it is Retryable (the outcome internal/engine reads as the
// attempt's error).
func TestTerraformRetry(t *testing.T) {
	pkgs := loadLibraries(t)
	for _, path := range []string{
		"github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry",
		"github.com/hashicorp/terraform-plugin-sdk/v2/helper/resource",
		"github.com/hashicorp/terraform-plugin-sdk/helper/resource",
	} {
		pkg := pkgs[path]
		if pkg == nil {
			t.Fatalf("%s: not loaded", path)
		}
		for _, name := range []string{"Retry", "RetryContext"} {
			fn, ok := pkg.Scope().Lookup(name).(*types.Func)
			if !ok {
				continue // SDK v1 has no RetryContext
			}
			row := catalog.LookupRetry(fn)
			if row == nil {
				t.Errorf("%s.%s: not catalogued", path, name)
				continue
			}
			if row.Attempts != catalog.AttemptsUnbounded || !row.TimeBound || row.TimeArg == 0 || row.Jittered != catalog.TriNo || row.Capped != catalog.TriYes {
				t.Errorf("%s.%s: got %+v, want unbounded attempts until the timeout argument, capped, no jitter", path, name, row)
			}
			if (name == "RetryContext") != (row.Ctx == 0 && row.LastErr) {
				t.Errorf("%s.%s: Ctx %d", path, name, row.Ctx)
			}
			op := fn.Signature().Params().At(row.Op).Type().Underlying().(*types.Signature)
			if op.Params().Len() != 0 || op.Results().Len() != 1 {
				t.Errorf("%s.%s: operation %s, want func() *RetryError", path, name, op)
				continue
			}
			st, ok := op.Results().At(0).Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
			if !ok || st.NumFields() != 2 || st.Field(0).Name() != "Err" || st.Field(1).Name() != "Retryable" {
				t.Errorf("%s.%s: RetryError is %s, want struct{Err error; Retryable bool}", path, name, op.Results().At(0).Type())
			}
			if td, ok := catalog.LookupTimeDefault(row.Symbol); !ok || td.Initial != 500*time.Millisecond || td.Factor != 2 || td.Cap != 10*time.Second || td.Elapsed != 0 {
				t.Errorf("%s.%s: time default %+v, want 500ms doubling to 10s, no default limit", path, name, td)
			}
		}
	}
}

// TestRequestCopyMatchesRealLibraries checks the request copies against
// the real packages: each is a method of its request type that returns a
// new request of the same type, and RequestCopy finds it from the real
// function; Request.Context, which returns no request, is none.
func TestRequestCopyMatchesRealLibraries(t *testing.T) {
	pkgs := loadLibraries(t)
	for _, s := range []catalog.Symbol{catalog.HTTPRequestWithCtx, catalog.HTTPRequestClone, catalog.RetryableRequestWithCtx} {
		fn, ok := lookup(pkgs, s).(*types.Func)
		if !ok {
			t.Errorf("%s: no such method in the real module", s)
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), sig.Recv().Type()) {
			t.Errorf("%s: does not return a request of its receiver's type: %s", s, sig)
		}
		if !catalog.RequestCopy(fn) {
			t.Errorf("%s: RequestCopy does not find the row from the real method", s)
		}
	}
	if fn, ok := lookup(pkgs, catalog.Symbol{Pkg: "net/http", Recv: "Request", Name: "Context"}).(*types.Func); !ok || catalog.RequestCopy(fn) {
		t.Error("net/http Request.Context: missing, or taken for a request copy")
	}
}
