package a

import (
	"context"
	"net/http"
	"time"

	"google.golang.org/grpc/health/grpc_health_v1"
)

// Values kept in struct fields: an unexported field whose every write is
// visible is read as if written in place.

type poller struct {
	ctx    context.Context
	cancel context.CancelFunc
	hc     grpc_health_v1.HealthClient
	http   *http.Client
}

func newPoller(hc grpc_health_v1.HealthClient) *poller {
	ctx, cancel := context.WithCancel(context.Background())
	return &poller{ctx: ctx, cancel: cancel, hc: hc, http: &http.Client{}}
}

func (w *poller) check() {
	w.hc.Check(w.ctx, req) // want `context.Background\(\) reaches w.hc.Check \(a gRPC call\) with no deadline`
}

func (w *poller) get(url string) {
	req, _ := http.NewRequestWithContext(w.ctx, "GET", url, nil)
	w.http.Do(req) // want `w.http.Do sends a request with no deadline on a client made without Timeout`
}

func (w *poller) stop() { w.cancel() }

// The twin: a context field that one write gives a deadline, and a
// client field whose every write has a Timeout.

type bounded struct {
	ctx  context.Context
	hc   grpc_health_v1.HealthClient
	http *http.Client
}

func newBounded(hc grpc_health_v1.HealthClient) *bounded {
	ctx, _ := context.WithTimeout(context.Background(), time.Minute)
	return &bounded{ctx: ctx, hc: hc, http: &http.Client{Timeout: 10 * time.Second}}
}

func (b *bounded) reset() {
	b.ctx = context.Background()
	b.http = nil // a nil client is not a write that counts
}

func (b *bounded) check() {
	b.hc.Check(b.ctx, req) // ok: one write has a deadline
}

func (b *bounded) get(url string) {
	req, _ := http.NewRequestWithContext(context.Background(), "GET", url, nil)
	b.http.Do(req) // ok: the client has a Timeout
}

// Exported fields may be set by importers: quiet.

type Service struct {
	Ctx  context.Context
	HTTP *http.Client
	hc   grpc_health_v1.HealthClient
}

func NewService(hc grpc_health_v1.HealthClient) *Service { // want NewService:`noTimeout\(HTTP\)`
	return &Service{Ctx: context.Background(), HTTP: &http.Client{}, hc: hc}
}

func (s *Service) Check(url string) {
	s.hc.Check(s.Ctx, req) // ok: an exported field
	r, _ := http.NewRequest("GET", url, nil)
	s.HTTP.Do(r) // ok: an exported field
}

// A client field configured through the field, or handed to other code,
// or written from a constructor's parameter: quiet.

type tuned struct{ http, given, param *http.Client }

func newTuned(c *http.Client) *tuned {
	t := &tuned{http: &http.Client{}, given: &http.Client{}, param: c}
	t.http.Timeout = 5 * time.Second
	configureClient(t.given)
	return t
}

// configureClient keeps the client where any code may set its Timeout.
// (An empty body would leave it as it is: see describe in clientparam.go.)
func configureClient(c *http.Client) { registered = append(registered, c) }

var registered []*http.Client

func (t *tuned) get(url string) {
	r, _ := http.NewRequest("GET", url, nil)
	t.http.Do(r)  // ok: Timeout set through the field
	t.given.Do(r) // ok: handed to configureClient
	t.param.Do(r) // ok: the caller's client
}

// A context field written from a constructor's parameter is the
// caller's, even when the constructor defaults a nil one.

type ctxHolder struct {
	ctx context.Context
	hc  grpc_health_v1.HealthClient
}

func newCtxHolder(ctx context.Context, hc grpc_health_v1.HealthClient) *ctxHolder {
	if ctx == nil {
		ctx = context.Background()
	}
	return &ctxHolder{ctx: ctx, hc: hc}
}

func (h *ctxHolder) check() {
	h.hc.Check(h.ctx, req) // ok: the caller's context
}
