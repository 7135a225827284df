package shop

import (
	"context"
	"database/sql"
	"net"
	"net/http"
	"time"
)

// Notifier keeps its context and its HTTP client in fields, written only
// by NewNotifier: neither has a deadline or a Timeout.
type Notifier struct {
	ctx  context.Context
	db   *sql.DB
	http *http.Client
}

func NewNotifier(db *sql.DB) *Notifier {
	return &Notifier{ctx: context.Background(), db: db, http: &http.Client{}}
}

// Mark runs a statement with the context kept in the field.
func (n *Notifier) Mark(id string) error {
	_, err := n.db.ExecContext(n.ctx, "UPDATE orders SET notified = true WHERE id = $1", id)
	return err
}

// Send posts with the client kept in the field, on a request a helper
// builds.
func (n *Notifier) Send(url string) error {
	req, err := newRequest(n.ctx, url)
	if err != nil {
		return err
	}
	resp, err := n.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Refresh is context-free but is no XContext twin: it is reported.
func (n *Notifier) Refresh() error { return n.refresh(context.Background()) }

func (n *Notifier) refresh(ctx context.Context) error {
	_, err := n.db.ExecContext(ctx, "REFRESH MATERIALIZED VIEW orders_by_day")
	return err
}

func newRequest(ctx context.Context, url string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
}

// Ping dials with no timeout and reads with no deadline.
func Ping(addr string) error {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = conn.Read(make([]byte, 1))
	return err
}

// PingBounded is the corrected version: a dial timeout and a deadline.
func PingBounded(addr string) error {
	conn, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(5 * time.Second))
	_, err = conn.Read(make([]byte, 1))
	return err
}
