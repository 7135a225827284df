// Package outcomefield holds loops whose attempt keeps its outcome in a
// field the loop tests instead of returning it (bookingcom/nanotube#32),
// and their look-alikes that wait for a state another goroutine or the
// machine itself sets.
package outcomefield

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"strconv"
	"sync"
	"time"
)

// The attempt dials and keeps the connection in the field the loop
// tests: nil when the dial failed.
type host struct {
	addr string
	conn net.Conn
}

func (h *host) ensure() { // want `retrier\(∞ via retry loop\)`
	for wait := time.Duration(0); h.conn == nil; { // want `site loop "retry loop" unbounded attempts`
		time.Sleep(wait)
		wait = min(2*wait+10*time.Millisecond, 5*time.Second)
		h.connect()
	}
}

func (h *host) connect() {
	conn, err := net.DialTimeout("tcp", h.addr, 5*time.Second)
	if err != nil {
		h.conn = nil // logged in real code
		return
	}
	h.conn = conn
}

// One call down, in a struct of its own that embeds the connection,
// with the round's number handed on to tell the first failure.
type link struct {
	net.Conn
	sync.Mutex
	used time.Time
}

func (l *link) install(c net.Conn) {
	l.Conn = c
	l.used = time.Now()
}

type relay struct {
	addr      string
	available bool
	link      link
	maxWaitMs uint32
	stepMs    uint32
}

func (r *relay) ensure() { // want `retrier\(∞ via retry loop\)`
	for waitMs, attempt := uint32(0), 1; r.link.Conn == nil; { // want `site loop "retry loop" unbounded attempts`
		time.Sleep(time.Duration(waitMs) * time.Millisecond)
		if waitMs < r.maxWaitMs {
			waitMs = waitMs*2 + r.stepMs
		}
		if waitMs >= r.maxWaitMs {
			waitMs = r.maxWaitMs
		}
		r.connect(attempt)
		attempt++
	}
}

func (r *relay) connect(attempt int) {
	conn, err := (&net.Dialer{Timeout: time.Second}).Dial("tcp", r.addr)
	if err != nil {
		r.link.Conn = nil
		if attempt == 1 {
			r.available = false
		}
		return
	}
	r.link.install(conn)
	r.available = true
}

// A flag the attempt sets beside the error it returns.
type client struct {
	addr      string
	conn      net.Conn
	connected bool
}

func (c *client) run(ctx context.Context) { // want `retrier\(N via retry loop\)`
	for !c.connected { // want `site loop "retry loop" unbounded attempts ctx`
		if err := c.dial(ctx); err != nil {
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Second):
			}
			continue
		}
	}
}

func (c *client) dial(ctx context.Context) error {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", c.addr)
	if err != nil {
		return err
	}
	c.conn, c.connected = conn, true
	return nil
}

// The loop keeps the dial's connection in the field itself.
func (c *client) redial() error { // want `retrier\(∞ via retry loop\)`
	var err error
	for c.conn == nil { // want `site loop "retry loop" unbounded attempts`
		c.conn, err = net.Dial("tcp", c.addr)
		if err != nil {
			time.Sleep(time.Second)
		}
	}
	return err
}

// Not retries.

// Waits for another goroutine to set the field: no call in the loop.
func (c *client) await() net.Conn {
	for c.conn == nil {
		time.Sleep(10 * time.Millisecond)
	}
	return c.conn
}

// A call in the loop only reads the field, under a lock.
type shared struct {
	mu   sync.Mutex
	conn net.Conn
}

func (s *shared) ready() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conn != nil
}

func (s *shared) await() {
	for s.conn == nil {
		time.Sleep(10 * time.Millisecond)
		s.ready()
	}
}

// The callee fills the field from this machine: a file another process
// writes, read until it is there.
type settings struct {
	path string
	cfg  *config
}

type config struct{ Port int }

func (s *settings) load() {
	b, err := os.ReadFile(s.path)
	if err != nil {
		return
	}
	var c config
	if json.Unmarshal(b, &c) == nil {
		s.cfg = &c
	}
}

func (s *settings) await() *config {
	for s.cfg == nil {
		time.Sleep(100 * time.Millisecond)
		s.load()
	}
	return s.cfg
}

// The loop calls a peer that does not write the field it tests: it
// waits for another goroutine, pinging meanwhile.
type monitor struct {
	url   string
	ready bool
}

func (m *monitor) ping() {
	resp, err := http.Get(m.url)
	if err == nil {
		resp.Body.Close()
	}
}

func (m *monitor) await() {
	for !m.ready {
		m.ping()
		time.Sleep(time.Second)
	}
}

// The callee keeps what the server answered, not whether the call
// worked: a poll for a state (a leader elected), not a retry.
type cluster struct {
	url    string
	leader *member
}

type member struct{ Addr string }

type status struct{ Leader *member }

func (c *cluster) refresh() {
	resp, err := http.Get(c.url)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	var st status
	if json.NewDecoder(resp.Body).Decode(&st) == nil {
		c.leader = st.Leader
	}
}

func (c *cluster) awaitLeader() *member {
	for c.leader == nil {
		time.Sleep(time.Second)
		c.refresh()
	}
	return c.leader
}

// A number the loop steps and hands on that picks what the attempt
// works on (relay's attempt only tells the first round): a search for a
// port that answers, not a retry.
type prober struct {
	host string
	conn net.Conn
}

func (p *prober) dialPort(port int) {
	conn, err := net.Dial("tcp", net.JoinHostPort(p.host, strconv.Itoa(port)))
	if err == nil {
		p.conn = conn
	}
}

func (p *prober) find() {
	port := 8000
	for p.conn == nil {
		p.dialPort(port)
		port++
		time.Sleep(10 * time.Millisecond)
	}
}

// A worker loop: the connection set is used and the loop goes round
// whatever happened.
func (h *host) serve(handle func(net.Conn)) {
	for {
		h.connect()
		if h.conn != nil {
			handle(h.conn)
			h.conn = nil
		}
		time.Sleep(time.Second)
	}
}

// The flag is another goroutine's to set: success of the send in the
// loop does not set it, and the loop goes round after it.
func (c *client) sendUntilConnected(ctx context.Context, msg []byte) {
	for !c.connected {
		if err := c.send(msg); err != nil {
			time.Sleep(time.Second)
			continue
		}
	}
}

func (c *client) send(msg []byte) error {
	conn, err := net.Dial("tcp", c.addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = conn.Write(msg)
	return err
}

// The loop stores what a pool another goroutine fills hands out: no
// outcome of a call of its own.
type pool struct {
	mu    sync.Mutex
	conns []net.Conn
}

func (p *pool) get() net.Conn {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.conns) == 0 {
		return nil
	}
	c := p.conns[0]
	p.conns = p.conns[1:]
	return c
}

func (c *client) take(p *pool) {
	for c.conn == nil {
		c.conn = p.get()
		time.Sleep(10 * time.Millisecond)
	}
}
