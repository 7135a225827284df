// Package ops is called from the other packages: its facts say which of
// its functions must not be retried.
package ops

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"net/http"
	"net/smtp"
)

// Charge sends a POST through a helper: the fact names the chain.
func Charge(ctx context.Context, c *http.Client, url string) error { // want Charge:`nonidempotent\(an HTTP POST via post\)`
	return post(ctx, c, url)
}

func post(ctx context.Context, c *http.Client, url string) error { // want post:`nonidempotent\(an HTTP POST\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(nil))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ChargeFreshKey makes its key on every call: a retry of a call of it
// sends a new key with every attempt. That is keyregen's finding (one
// defect, one finding): the POST carries a key, so it has no fact here.
func ChargeFreshKey(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, "POST", url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", rand.Text())
	_, err = c.Do(req)
	return err
}

// ChargeWithKey takes the key from its caller: fine.
func ChargeWithKey(ctx context.Context, c *http.Client, url, key string) error {
	req, err := http.NewRequestWithContext(ctx, "POST", url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	_, err = c.Do(req)
	return err
}

// Fetch is a GET: fine.
func Fetch(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

// Debit runs a relative update.
func Debit(ctx context.Context, db *sql.DB, id string, cents int) error { // want Debit:`nonidempotent\(UPDATE accounts SET balance = balance - \$1 WHERE id = \$2\)`
	_, err := db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", cents, id)
	return err
}

// SetBalance runs an absolute update: fine.
func SetBalance(ctx context.Context, db *sql.DB, id string, cents int) error {
	_, err := db.ExecContext(ctx, "UPDATE accounts SET balance = $1 WHERE id = $2", cents, id)
	return err
}

// Notify is marked by its author.
//
//retrylint:nonidempotent sends an e-mail
func Notify(ctx context.Context, to string) error { // want Notify:`nonidempotent\(Notify\)`
	return nil
}

// NotifyAll reaches Notify through a call.
func NotifyAll(ctx context.Context, to []string) error { // want NotifyAll:`nonidempotent\(Notify via Notify\)`
	for _, t := range to {
		if err := Notify(ctx, t); err != nil {
			return err
		}
	}
	return nil
}

// Upsert sends a POST the server deduplicates by its body: its author
// says so, and the chain stops here.
//
//retrylint:idempotent the server deduplicates by order ID
func Upsert(ctx context.Context, c *http.Client, url string) error { // want Upsert:`idempotent`
	return post(ctx, c, url)
}

// Sync calls only Upsert: no fact.
func Sync(ctx context.Context, c *http.Client, url string) error {
	return Upsert(ctx, c, url)
}

// Welcome sends an e-mail: a retry of a call of it sends it again.
func Welcome(to string) error { // want Welcome:`nonidempotent\(smtp.SendMail \(an e-mail\)\)`
	return smtp.SendMail("mail.internal:25", nil, "noreply@example.com", []string{to}, []byte("hi"))
}

// Dial only connects: a retry of it delivers nothing.
func Dial() (*smtp.Client, error) {
	return smtp.Dial("mail.internal:25")
}

// Uploader posts what it is given from a goroutine of its own.
type Uploader struct {
	c   *http.Client
	url string
}

func (u *Uploader) run(ctx context.Context) { // want run:`nonidempotent\(an HTTP POST via post\)`
	_ = post(ctx, u.c, u.url)
}

// StartUploader starts the uploader and returns: the POSTs run in the
// goroutine, not in the call, so it has no fact.
func StartUploader(ctx context.Context, c *http.Client, url string) *Uploader {
	u := &Uploader{c: c, url: url}
	go u.run(ctx)
	return u
}

// FlushUploader posts once before it returns: it has the fact.
func FlushUploader(ctx context.Context, c *http.Client, url string) *Uploader { // want FlushUploader:`nonidempotent\(an HTTP POST via Uploader.run -> post\)`
	u := &Uploader{c: c, url: url}
	u.run(ctx)
	return u
}
