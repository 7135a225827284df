package a

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"net/http/httptrace"
	"runtime/pprof"
	"runtime/trace"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go/service/ecs"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"
	"google.golang.org/grpc"
	"google.golang.org/grpc/health/grpc_health_v1"

	"example.com/nodeadlinetest/b"
)

var req = &grpc_health_v1.HealthCheckRequest{}

type key struct{}

// Derivations.

func background(c grpc_health_v1.HealthClient) {
	c.Check(context.Background(), req) // want `^context.Background\(\) reaches c.Check \(a gRPC call\) with no deadline: the call can wait forever; derive the context with context.WithTimeout$`
}

func todo(c grpc_health_v1.HealthClient) {
	c.Check(context.TODO(), req) // want `context.TODO\(\) reaches c.Check \(a gRPC call\)`
}

func valueThenCancel(c grpc_health_v1.HealthClient) {
	ctx := context.WithValue(context.Background(), key{}, 1)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	c.Check(ctx, req) // want `context.Background\(\) reaches c.Check \(a gRPC call\) with no deadline`
}

func timeoutThenValue(c grpc_health_v1.HealthClient) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	ctx = context.WithValue(ctx, key{}, 1)
	c.Check(ctx, req) // ok: the deadline stays on the chain
}

// The standard library's derivations keep the parent's deadline, or its
// lack of one.
func tracedBackground(c grpc_health_v1.HealthClient) {
	ctx := httptrace.WithClientTrace(context.Background(), &httptrace.ClientTrace{})
	ctx = pprof.WithLabels(ctx, pprof.Labels("op", "check"))
	c.Check(ctx, req) // want `context.Background\(\) reaches c.Check \(a gRPC call\) with no deadline`
}

func tracedTimeout(c grpc_health_v1.HealthClient) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	ctx, task := trace.NewTask(httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{}), "check")
	defer task.End()
	c.Check(ctx, req) // ok: the deadline stays on the chain
}

func deadlineCause(c grpc_health_v1.HealthClient) {
	ctx, cancel := context.WithDeadlineCause(context.Background(), time.Now().Add(time.Second), errors.New("slow"))
	defer cancel()
	c.Check(ctx, req) // ok
}

func withoutCancel(ctx context.Context, c grpc_health_v1.HealthClient) {
	c.Check(context.WithoutCancel(ctx), req) // want `context.WithoutCancel, which drops the deadline, reaches c.Check`
}

func withoutCancelThenTimeout(ctx context.Context, c grpc_health_v1.HealthClient) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
	defer cancel()
	c.Check(ctx, req) // ok
}

// A variable assigned a deadline on some path counts as having one.
func maybeDeadline(c grpc_health_v1.HealthClient, slow bool) {
	ctx := context.Background()
	if !slow {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Second)
		defer cancel()
	}
	c.Check(ctx, req) // ok
}

// Contexts the caller owns.

func param(ctx context.Context, c grpc_health_v1.HealthClient) error { // want param:`reaches\(param 0 via HealthClient.Check\)`
	_, err := c.Check(ctx, req) // ok: the caller's responsibility
	return err
}

func handler(c grpc_health_v1.HealthClient) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c.Check(r.Context(), req) // ok: the incoming request's context
	}
}

type server struct {
	ctx context.Context
	c   grpc_health_v1.HealthClient
}

func (s *server) field() {
	s.c.Check(s.ctx, req) // ok: a field, set elsewhere
}

// Interprocedural.

func localChain(c grpc_health_v1.HealthClient) {
	param(context.Background(), c) // want `context.Background\(\) reaches a gRPC call via param -> HealthClient.Check with no deadline`
}

func crossPackage(c grpc_health_v1.HealthClient) {
	ctx := context.WithValue(context.Background(), key{}, 1)
	b.Sync(ctx, c) // want `context.Background\(\) reaches a gRPC call via b.Sync -> Fetch -> HealthClient.Check with no deadline`
}

func crossPackageBounded(c grpc_health_v1.HealthClient) {
	b.Bounded(context.Background(), c) // ok: Bounded adds the deadline
}

func noOutbound(h http.Handler, c grpc_health_v1.HealthClient) {
	b.Serve(context.Background(), h) // ok: Serve makes no outbound call
	b.Probe(context.Background(), c) // ok: a stub's shape, but no call
}

func crossHTTP() {
	b.Get(context.Background(), "http://example.com") // want `context.Background\(\) reaches an HTTP request on a client with no Timeout via b.Get -> http.Client.Do`
}

// Other families.

func aws(c *sqs.Client) {
	c.SendMessage(context.TODO(), &sqs.SendMessageInput{}) // want `context.TODO\(\) reaches c.SendMessage \(an AWS call\) with no deadline: every attempt of sqs.SendMessage can wait forever`
}

// aws-sdk-go v1: the WithContext forms take the call's context, and the
// default HTTP client (http.DefaultClient) has no Timeout.
func awsV1(c *ecs.ECS) {
	c.ListClustersWithContext(context.TODO(), &ecs.ListClustersInput{}) // want `context.TODO\(\) reaches c.ListClustersWithContext \(an AWS call\) with no deadline: every attempt of ecs.ListClustersWithContext can wait forever`
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	c.ListClustersWithContext(ctx, &ecs.ListClustersInput{}) // ok: a deadline
}

func pgx(p *pgxpool.Pool) {
	p.Query(context.Background(), "select 1") // want `reaches p.Query \(a PostgreSQL call\)`
}

func database(db *sql.DB) {
	db.QueryContext(context.Background(), "select 1") // want `reaches db.QueryContext \(an SQL call\)`
	db.Query("select 1")                              // ok: outside a retry site
}

func redisBounded(rdb *redis.Client) {
	rdb.Get(context.Background(), "k") // ok: ReadTimeout bounds every command
}

func core(cc *grpc.ClientConn) {
	cc.Invoke(context.Background(), "/svc/M", nil, nil) // want `reaches cc.Invoke \(a gRPC call\)`
}

// Streams.

func stream(c grpc_health_v1.HealthClient) {
	c.Watch(context.Background(), req) // want `reaches c.Watch \(a gRPC stream\) with no deadline and no cancel: nothing can stop the stream`
}

func crossStream(c grpc_health_v1.HealthClient) {
	b.Follow(context.Background(), c) // ok: Follow cancels its stream
	b.Tail(context.Background(), c)   // want `context.Background\(\) reaches a gRPC stream via b.Tail -> HealthClient.Watch with no deadline and no cancel`
}

func streamCancelled(c grpc_health_v1.HealthClient) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w, _ := c.Watch(ctx, req) // ok: lives until cancel
	w.Recv()
}

// The twin: trace.NewTask's second result is a task, not a cancel;
// ending it stops nothing.
func streamTraced(c grpc_health_v1.HealthClient) {
	ctx, task := trace.NewTask(context.Background(), "watch")
	defer task.End()
	w, _ := c.Watch(ctx, req) // want `context.Background\(\) reaches c.Watch \(a gRPC stream\) with no deadline and no cancel: nothing can stop the stream`
	w.Recv()
}

// Retry sites.

func retried(c grpc_health_v1.HealthClient, db *sql.DB) error {
	var err error
	for i := 0; i < 3; i++ {
		_, err = c.Check(context.Background(), req) // want `every attempt of the retry loop in [\w.]+ can wait forever`
		if err == nil {
			break
		}
		_, err = db.Query("select 1") // want `^db.Query takes no context: every attempt of the retry loop in [\w.]+ can wait as long as the database does and nothing can cancel it; use QueryContext with a context from context.WithTimeout$`
		if err == nil {
			break
		}
		time.Sleep(time.Second)
	}
	return err
}

func retriedBounded(c grpc_health_v1.HealthClient) error {
	var err error
	for i := 0; i < 3; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		_, err = c.Check(ctx, req) // ok: each attempt has a deadline
		cancel()
		if err == nil {
			break
		}
		time.Sleep(time.Second)
	}
	return err
}

// A function that retries inside, given its context by the caller: the
// finding at the call names the retry it holds, not the function as if
// it were one.
type checker struct{ c grpc_health_v1.HealthClient }

func (k *checker) stage(ctx context.Context) error { // want stage:`reaches\(param 0 via HealthClient.Check, retried\)`
	var err error
	for i := 0; i < 3; i++ {
		if _, err = k.c.Check(ctx, req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func runStage(k *checker) error {
	return k.stage(context.Background()) // want `context.Background\(\) reaches .*: every attempt of the retry loop in checker.stage can wait forever`
}

// checkThenRetry checks once with the caller's context, then retries on
// contexts of its own with a timeout: the caller's context reaches only
// the call made once, which is not in the retry.
func (k *checker) checkThenRetry(ctx context.Context) error { // want checkThenRetry:`reaches\(param 0 via HealthClient.Check\)$`
	if _, err := k.c.Check(ctx, req); err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		tctx, cancel := context.WithTimeout(ctx, time.Second)
		_, err := k.c.Check(tctx, req)
		cancel()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("unavailable")
}

func runCheckThenRetry(k *checker) error {
	return k.checkThenRetry(context.Background()) // want `context.Background\(\) reaches a gRPC call via k.checkThenRetry -> HealthClient.Check with no deadline: the call can wait forever`
}

func runStageBounded(k *checker) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return k.stage(ctx) // ok: the caller's deadline bounds every attempt
}

// Goroutines and closures see the enclosing function's variables.
func worker(c grpc_health_v1.HealthClient) {
	ctx := context.Background()
	go func() {
		c.Check(ctx, req) // want `context.Background\(\) reaches c.Check`
	}()
}

// A context-free method delegating to its context-taking sibling is the
// type's legacy API: its callers chose it.
type conn struct{ c grpc_health_v1.HealthClient }

func (c *conn) Ping() error { return c.PingContext(context.Background()) } // ok

func (c *conn) PingContext(ctx context.Context) error { // want PingContext:`reaches\(param 0 via HealthClient.Check\)`
	_, err := c.c.Check(ctx, req)
	return err
}

func usePing(c *conn) {
	c.PingContext(context.Background()) // want `reaches a gRPC call via c.PingContext -> HealthClient.Check`
}

// A stream opened through a hand-written stub returning a pointer.
func balance(c *b.LBClient, stop chan struct{}) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-stop; cancel() }()
	c.Balance(ctx) // ok: a stream that cancel ends
}

func balanceForever(c *b.LBClient) {
	c.Balance(context.Background()) // want `context.Background\(\) reaches c.Balance \(a gRPC stream\) with no deadline and no cancel`
}
