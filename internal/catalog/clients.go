package catalog

import (
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// Clients that retry inside but are recognized by shape rather than by a
// row each: there are thousands of aws-sdk-go-v2 operations, and a resty
// request retries only when its client was given a retry count.

// awsOp is the row every aws-sdk-go-v2 service operation matches:
//
//	func (c *Client) SendMessage(ctx context.Context, params *SendMessageInput, optFns ...func(*Options)) (*SendMessageOutput, error)
//
// The standard retryer makes 3 attempts (DynamoDB and DynamoDB Streams 4),
// full jitter, capped at 20s (aws-sdk-go-v2 v1.48.0 aws/retry).
//
// awsV1Op is the row of an aws-sdk-go v1 operation, a method of a
// service's client type (*ecs.ECS, *s3.S3: a struct that embeds
// *client.Client) in each of its sending forms:
//
//	func (c *ECS) ListClusters(input *ListClustersInput) (*ListClustersOutput, error)
//	func (c *ECS) ListClustersWithContext(ctx aws.Context, input *ListClustersInput, opts ...request.Option) (*ListClustersOutput, error)
//	func (c *ECS) ListClustersPages(input *ListClustersInput, fn func(*ListClustersOutput, bool) bool) error
//	func (c *ECS) ListClustersPagesWithContext(ctx aws.Context, input *ListClustersInput, fn ..., opts ...request.Option) error
//
// but not ListClustersRequest, which returns an unsent *request.Request,
// nor the WaitUntil pollers. Every client gets client.DefaultRetryer with
// MaxRetries from its aws.Config, DefaultRetryerMaxNumRetries = 3 when
// unset or -1 (aws-sdk-go v1.55.8 aws/client/client.go:61-74,
// aws/client/default_retryer.go:40): 4 attempts; DynamoDB's own retryer
// makes 10 retries, 11 attempts, when the config has no Retryer and no
// MaxRetries (service/dynamodb/customizations.go:17-39). The wait before
// retry n is 2^n times a jittered MinRetryDelay in [d, 2d), capped near
// MaxRetryDelay, 300s (default_retryer.go:78-125).
var (
	awsOp         = client(awsService+"*", "Client", "*", 3, "").ctx(0).delay(DelayExponential, TriYes, TriYes)
	awsDynamoOp   = client(awsService+"dynamodb", "Client", "*", 4, "").ctx(0).delay(DelayExponential, TriYes, TriYes)
	awsV1Op       = client(awsV1Service+"/*", "*", "*", AWSV1DefaultTries, "").delay(DelayExponential, TriYes, TriYes)
	awsV1DynamoOp = client(awsV1Service+"/dynamodb", "DynamoDB", "*", 11, "").delay(DelayExponential, TriYes, TriYes)
)

// AWSV1DefaultTries is an aws-sdk-go v1 client's attempts with the
// default retryer: DefaultRetryerMaxNumRetries + 1.
const AWSV1DefaultTries = 4

// IsAWSServicePackage reports a service package of aws-sdk-go-v2 or
// aws-sdk-go v1 (service/sqs), whose client type serves the operations
// that take its input types.
func IsAWSServicePackage(path string) bool {
	for _, prefix := range []string{awsService, awsV1Service + "/"} {
		if svc, ok := strings.CutPrefix(path, prefix); ok && svc != "" && !strings.Contains(svc, "/") {
			return true
		}
	}
	return false
}

// LookupAWSOperation returns the retry row for an aws-sdk-go-v2 service
// client operation, or an aws-sdk-go v1 one (awsV1Operation), with
// Display set to "sqs.SendMessage", or nil.
func LookupAWSOperation(fn *types.Func) *Retry {
	pkg := SymbolOf(fn)
	if strings.HasPrefix(pkg.Pkg, awsV1Service+"/") {
		return awsV1Operation(fn, pkg)
	}
	if !strings.HasPrefix(pkg.Pkg, awsService) || pkg.Recv != "Client" || !fn.Exported() {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	p := sig.Params()
	if p.Len() != 3 || !sig.Variadic() || !isContext(p.At(0).Type()) {
		return nil
	}
	svc := strings.TrimPrefix(pkg.Pkg, awsService)
	if strings.Contains(svc, "/") { // service/s3/types, service/internal/...
		return nil
	}
	row := awsOp
	if svc == "dynamodb" || svc == "dynamodbstreams" {
		row = awsDynamoOp
	}
	row.Symbol = pkg
	row.Display = svc + "." + fn.Name()
	return &row
}

// openaiOp is the row every openai-go v3 service method that sends a
// request matches:
//
//	func (r *ChatCompletionService) New(ctx context.Context, body ChatCompletionNewParams, opts ...option.RequestOption) (*ChatCompletion, error)
//
// The request config makes MaxRetries+1 attempts, 2 retries by default
// (option.WithMaxRetries sets them, on the client or the call), waiting
// 0.5s doubling to 8s, less up to a quarter, or what Retry-After says
// (openai-go v3.102.0 internal/requestconfig/requestconfig.go:286, 558-579,
// 665).
const openaiV3 = "github.com/openai/openai-go/v3"

var openaiOp = client(openaiV3, "*", "*", 3, "").ctx(0).delay(DelayExponential, TriYes, TriYes)

// LookupOpenAIOperation returns the retry row for a method of an
// openai-go v3 service (a type named ...Service of the package or its
// subpackages) that takes a context first and request options last
// (option.RequestOption, an alias of requestconfig.RequestOption), with
// Display set to "openai.ChatCompletionService.New", or nil.
func LookupOpenAIOperation(fn *types.Func) *Retry {
	sym := SymbolOf(fn)
	if (sym.Pkg != openaiV3 && !strings.HasPrefix(sym.Pkg, openaiV3+"/")) || !strings.HasSuffix(sym.Recv, "Service") || !fn.Exported() {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	p := sig.Params()
	if p.Len() < 2 || !sig.Variadic() || !isContext(p.At(0).Type()) {
		return nil
	}
	last := p.At(p.Len() - 1).Type().(*types.Slice) // variadic
	if n := namedIn(last.Elem(), openaiV3+"/internal/requestconfig"); n == nil || n.Obj().Name() != "RequestOption" {
		return nil
	}
	row := openaiOp
	row.Symbol = sym
	row.Display = fn.Pkg().Name() + "." + sym.Recv + "." + sym.Name
	return &row
}

// awsV1Operation is LookupAWSOperation for aws-sdk-go v1: an exported
// method of the service's client type whose last result is an error and
// whose input is the operation's *XInput (after the context in the
// WithContext forms). The row's Ctx is the context argument, if any.
func awsV1Operation(fn *types.Func, pkg Symbol) *Retry {
	svc := strings.TrimPrefix(pkg.Pkg, awsV1Service+"/")
	if strings.Contains(svc, "/") || !fn.Exported() || strings.HasPrefix(fn.Name(), "WaitUntil") || !awsV1ServiceClient(fn) {
		return nil // service/s3/s3manager, service/ecs/ecsiface, a poller
	}
	sig := fn.Type().(*types.Signature)
	p, r := sig.Params(), sig.Results()
	if r.Len() == 0 || !isError(r.At(r.Len()-1).Type()) || p.Len() == 0 {
		return nil // OpRequest returns (*request.Request, *XOutput)
	}
	ctx := -1
	if isContext(p.At(0).Type()) {
		ctx = 0
	}
	if p.Len() <= ctx+1 || namedIn(p.At(ctx+1).Type(), pkg.Pkg) == nil {
		return nil
	}
	row := awsV1Op
	if svc == "dynamodb" {
		row = awsV1DynamoOp
	}
	row.Symbol = pkg
	row.Ctx = ctx
	row.Display = svc + "." + fn.Name()
	return &row
}

// awsV1ServiceClient reports a method of an aws-sdk-go v1 service client: its
// receiver is a struct of the service's package that embeds
// *client.Client (service/ecs/service.go:21-23).
func awsV1ServiceClient(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return false
	}
	n := namedType(sig.Recv().Type())
	if n == nil {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Embedded() && namedIn(f.Type(), awsV1Pkg+"/client") != nil {
			return true
		}
	}
	return false
}

// AWS options that turn the SDK's own retries off, matched where the
// client or the call is configured (see the recognizer's bound.go).
var (
	AWSNopRetryer           = Symbol{"github.com/aws/aws-sdk-go-v2/aws", "", "NopRetryer"}
	AWSWithRetryMaxAttempts = Symbol{"github.com/aws/aws-sdk-go-v2/config", "", "WithRetryMaxAttempts"}
	AWSAddWithMaxAttempts   = Symbol{"github.com/aws/aws-sdk-go-v2/aws/retry", "", "AddWithMaxAttempts"}
)

// restyRequestMethods are the resty methods that send a request; they
// retry only when the client's RetryCount is above zero.
var restyRequestMethods = map[string]bool{
	"Get": true, "Head": true, "Post": true, "Put": true, "Patch": true, "Delete": true,
	"Options": true, "Execute": true, "Send": true,
}

// LookupRestyRequest returns the row for a resty request-sending method;
// the caller decides whether the client retries (SetRetryCount > 0).
func LookupRestyRequest(fn *types.Func) *Retry {
	s := SymbolOf(fn)
	if (s.Pkg != restyV2 && s.Pkg != restyV3) || s.Recv != "Request" || !restyRequestMethods[s.Name] {
		return nil
	}
	row := client(s.Pkg, "Request", s.Name, AttemptsUnknown, "resty.Request."+s.Name).delay(DelayExponential, TriYes, TriYes)
	return &row
}

// RestySetRetryCount is the client option that turns resty retries on.
func RestySetRetryCount(fn *types.Func) bool {
	s := SymbolOf(fn)
	return (s.Pkg == restyV2 || s.Pkg == restyV3) && s.Recv == "Client" && s.Name == "SetRetryCount"
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// go-redis v9 (v9.23.0) runs every command in a retry loop of its own:
// MaxRetries+1 attempts (redis.go processWithRetry), on io.EOF, dial
// errors, pool timeouts, timeouts and LOADING/READONLY/CLUSTERDOWN/
// TRYAGAIN/MASTERDOWN replies (error.go shouldRetry), waiting
// MinRetryBackoff + U[0, MinRetryBackoff<<n) capped at MaxRetryBackoff
// (10ms and 1s by default, internal.RetryBackoff) and stopping when the
// context ends. Options.MaxRetries 0 means the default 3, -1 none
// (options.go init). A ClusterClient's loop is MaxRedirects instead
// (3 by default, -1 none; osscluster.go process), its nodes' clients
// retry only when ClusterOptions.MaxRetries > 0 (0 becomes -1); a Ring
// and a FailoverClient count MaxRetries as a Client does, and so does a
// failover ClusterClient, whose MaxRedirects is the FailoverOptions'
// MaxRetries. Every client's default is 4 attempts:
//
//	rdb := redis.NewClient(&redis.Options{Addr: addr})
//	rdb.Set(ctx, "k", v, 0).Err()                   // 4 attempts
var redisCommand = client(redisV9, "", "", 4, "").ctx(0).delay(DelayExponential, TriYes, TriYes)

// redisClients are the go-redis types whose commands run through that
// loop. A redis.Cmdable or redis.Pipeliner may be a pipeline, whose
// commands only queue; a *redis.Tx (inside Watch) runs on one pinned
// connection; neither is a client here.
var redisClients = map[string]bool{"Client": true, "ClusterClient": true, "Ring": true, "UniversalClient": true}

// redisNoRetry are the command types whose NoRetry method says true: they
// write the reply into the caller's writer or buffer, so go-redis never
// sends them twice (DoRawWriteTo, GetToBuffer; command.go).
var redisNoRetry = map[string]bool{"RawWriteToCmd": true, "ZeroCopyStringCmd": true}

// redisRetried are the methods of a client that do not return a command
// but run through the retry loop: Process runs a command made by hand,
// Pipelined and TxPipelined send the queued commands as one batch that
// is retried whole (generalProcessPipeline). Watch is not: it runs the
// caller's function once, on a Tx.
var redisRetried = map[string]bool{"Process": true, "Pipelined": true, "TxPipelined": true}

// redisRingOnce are the methods a Ring sends once: it splits a pipeline
// among its shards' clients, which it builds with MaxRetries -1 (ring.go
// clientOptions, generalProcessPipeline), and only its commands go
// through its own MaxRetries loop.
var redisRingOnce = map[string]bool{"Pipelined": true, "TxPipelined": true}

// LookupRedisCommand returns the retry row for a go-redis command called
// on a client, with Display set to "redis.Client.Set", or nil. recv and
// path are the receiver's type and the method's index path in it
// (types.Selection's Recv and Index): the client may be the receiver or
// a field it embeds (type cache struct{ *redis.Client }).
func LookupRedisCommand(fn *types.Func, recv types.Type, path []int) *Retry {
	if fn == nil || recv == nil || analysisutil.PkgPath(fn) != redisV9 || !fn.Exported() {
		return nil
	}
	cl := redisClientOf(recv, path)
	if cl == "" || !redisRetriedMethod(fn) || (cl == "Ring" && redisRingOnce[fn.Name()]) {
		return nil
	}
	row := redisCommand
	row.Symbol = SymbolOf(fn)
	row.Display = "redis." + cl + "." + fn.Name()
	return &row
}

// RedisFunc reports a function or method of go-redis: the catalog says
// which of them retry (LookupRedisCommand), so the recognizer neither
// reads their facts nor takes a command for a setter of its client.
func RedisFunc(fn *types.Func) bool { return analysisutil.PkgPath(fn) == redisV9 }

// RedisReply reports a method of a go-redis command (*redis.StringCmd,
// *redis.BoolCmd, ...): a command call returns the command, and its
// methods read the reply, so the error of Err, Result, Int, ... is the
// outcome of the call that made the command:
//
//	ok, err := rdb.SetNX(ctx, key, id, ttl).Result() // err: SetNX failed
func RedisReply(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	n := namedIn(sig.Recv().Type(), redisV9)
	return n != nil && strings.HasSuffix(n.Obj().Name(), "Cmd")
}

// redisClientOf returns the name of the go-redis client a method is
// called on, following the embedded fields of its path, or "".
func redisClientOf(t types.Type, path []int) string {
	for i := 0; ; i++ {
		if n := namedIn(t, redisV9); n != nil && redisClients[n.Obj().Name()] {
			return n.Obj().Name()
		}
		n := namedType(t)
		if i >= len(path)-1 || n == nil {
			return ""
		}
		st, ok := n.Underlying().(*types.Struct)
		if !ok || path[i] >= st.NumFields() {
			return ""
		}
		t = st.Field(path[i]).Type()
	}
}

// redisRetriedMethod reports a method that sends a command through the
// retry loop: one taking a context first and returning a command that
// may be retried (*redis.StringCmd), or one of redisRetried.
func redisRetriedMethod(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() == 0 || !isContext(sig.Params().At(0).Type()) {
		return false
	}
	if redisRetried[fn.Name()] {
		return true
	}
	if sig.Results().Len() != 1 {
		return false
	}
	if _, ok := types.Unalias(sig.Results().At(0).Type()).(*types.Pointer); !ok {
		return false
	}
	n := namedIn(sig.Results().At(0).Type(), redisV9)
	return n != nil && strings.HasSuffix(n.Obj().Name(), "Cmd") && !redisNoRetry[n.Obj().Name()]
}

// namedIn returns the named type t is, or points to, when it belongs to
// the package at path.
func namedIn(t types.Type, path string) *types.Named {
	n := namedType(t)
	if n == nil || analysisutil.PkgPath(n.Obj()) != path {
		return nil
	}
	return n
}
