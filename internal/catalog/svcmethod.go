package catalog

import (
	"go/constant"
	"go/types"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Which method config of a service config applies to a call (grpc
// v1.85.0, service_config.go generatePath and clientconn.go
// getMethodConfig): each method config is named by services and methods,
//
//	{"methodConfig": [
//	  {"name": [{"service": "orders.Orders", "method": "Place"}], ...},  // "/orders.Orders/Place"
//	  {"name": [{"service": "orders.Orders"}], "retryPolicy": {...}},   // "/orders.Orders/": the service's other methods
//	  {"name": [{}], "retryPolicy": {...}}]}                           // "": every other method
//
// and a call of "/orders.Orders/Place" takes the config of its exact
// name, else its service's, else the one named by an empty name, else
// none. A method config without a retryPolicy still takes its methods
// out of a wider one's retries.

// jsonName is one name of a method config.
type jsonName struct {
	Service string `json:"service"`
	Method  string `json:"method"`
}

// methodName is a method config's name as grpc keys it ("/svc/method",
// "/svc/" or ""), with the attempts of its retryPolicy before the
// channel's cap (1: none).
type methodName struct {
	path     string
	attempts int
}

// appendNames adds the paths of a method config's names. A method
// without a service is no name grpc accepts (it rejects the config).
func appendNames(out []methodName, names []jsonName, attempts int) []methodName {
	for _, n := range names {
		switch {
		case n.Service == "" && n.Method == "":
			out = append(out, methodName{"", attempts})
		case n.Service != "":
			out = append(out, methodName{"/" + n.Service + "/" + n.Method, attempts})
		}
	}
	return out
}

// Attempts returns how many attempts the config's retryPolicy makes of a
// call of the full method name ("/orders.Orders/Place") on a channel
// whose attempts are capped at maxCall (grpc.WithMaxCallAttempts; below
// 2, grpc's default of 5). For an unknown method ("") the answer is
// known only when every method gets the same attempts.
func (sc ServiceConfig) Attempts(method string, maxCall int) (n int, known bool) {
	if maxCall < 2 {
		maxCall = grpcMaxAttempts
	}
	if method != "" {
		return min(sc.lookup(method), maxCall), true
	}
	n = 1 // a method no config names
	for _, nm := range sc.names {
		if nm.path == "" {
			n = nm.attempts
		}
	}
	for _, nm := range sc.names {
		if min(nm.attempts, maxCall) != min(n, maxCall) {
			return 0, false
		}
	}
	return min(n, maxCall), true
}

// lookup is grpc's getMethodConfig: the exact name, the service's, the
// default.
func (sc ServiceConfig) lookup(method string) int {
	service := method[:strings.LastIndex(method, "/")+1]
	for _, path := range []string{method, service, ""} {
		for _, nm := range sc.names {
			if nm.path == path {
				return nm.attempts
			}
		}
	}
	return 1
}

// GRPCFullMethod returns the full method name of a generated client
// stub's method, read from the constant protoc-gen-go-grpc (v1.3.0 on)
// writes beside the client, named after the service and the method:
//
//	const Health_Check_FullMethodName = "/grpc.health.v1.Health/Check"
//	func (c *healthClient) Check(ctx context.Context, in *HealthCheckRequest, opts ...grpc.CallOption) (*HealthCheckResponse, error)
//
// It returns "" when the package has no such constant (older generated
// code, a hand-written client).
func GRPCFullMethod(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return ""
	}
	recv := namedType(sig.Recv().Type())
	if recv == nil {
		return ""
	}
	service, ok := strings.CutSuffix(recv.Obj().Name(), "Client")
	if !ok || service == "" {
		return ""
	}
	r, size := utf8.DecodeRuneInString(service)
	service = string(unicode.ToUpper(r)) + service[size:] // healthClient, HealthClient: Health
	k, ok := fn.Pkg().Scope().Lookup(service + "_" + fn.Name() + "_FullMethodName").(*types.Const)
	if !ok || k.Val().Kind() != constant.String {
		return ""
	}
	name := constant.StringVal(k.Val())
	if !strings.HasPrefix(name, "/") || !strings.HasSuffix(name, "/"+fn.Name()) {
		return ""
	}
	return name
}
