package loops

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"sync"
	"time"
)

// Not retry loops: each look-alike below must stay silent.

// A read loop: success goes round again, an error leaves.
func readAll(r io.Reader) error {
	buf := make([]byte, 512)
	for {
		_, err := r.Read(buf)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// A scan loop.
func lines(r io.Reader) (n int) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		n++
	}
	return n
}

// A failover loop over hosts: each iteration tries a different host.
func failover(hosts []string) (net.Conn, error) {
	var err error
	for _, h := range hosts {
		c, dialErr := net.DialTimeout("tcp", h, time.Second)
		if dialErr == nil {
			return c, nil
		}
		err = dialErr
	}
	return nil, err
}

// A counted failover loop.
func failoverIndexed(hosts []string) (net.Conn, error) {
	for i := 0; i < 3; i++ {
		c, err := net.DialTimeout("tcp", hosts[i], time.Second)
		if err == nil {
			return c, nil
		}
	}
	return nil, errors.New("no host")
}

// A poll loop waiting on a ticker for a state.
func poll(ctx context.Context, ready func() error) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
		if err := ready(); err == nil {
			return nil
		}
	}
}

// An accept loop: success does not leave.
func serve(l net.Listener, handle func(net.Conn)) error {
	for {
		c, err := l.Accept()
		if err != nil {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		go handle(c)
	}
}

// A worker loop over a channel.
func worker(jobs <-chan func() error) {
	for job := range jobs {
		if err := job(); err != nil {
			continue
		}
	}
}

// A loop that runs once whatever happens is not a retry.
func once() error {
	for {
		if err := op(); err == nil {
			return nil
		}
		return errors.New("failed")
	}
}

// A loop over items, sending each once.
func sendAll(items []string, send func(string) error) error {
	for i := range len(items) {
		if err := send(items[i]); err != nil {
			return err
		}
	}
	return nil
}

// A loop that expects every call to fail (a test), aborting on success.
func expectFailures() {
	for i := 0; i < 20; i++ {
		if err := op(); err == nil {
			panic("expected an error")
		}
		time.Sleep(time.Millisecond)
	}
}

// A parser loop: each call makes progress (flag.Parse's shape). It
// neither counts nor waits.
type parser struct{ args []string }

func (p *parser) parseOne() (bool, error) { return false, nil }

func (p *parser) parse() error {
	for {
		seen, err := p.parseOne()
		if seen {
			continue
		}
		if err == nil {
			break
		}
		return err
	}
	return nil
}

// Rejection sampling: a fresh candidate each time.
func sample(r io.Reader, valid func([]byte) error) ([]byte, error) {
	for {
		key := make([]byte, 32)
		if _, err := io.ReadFull(r, key); err != nil {
			return nil, err
		}
		if err := valid(key); err != nil {
			continue
		}
		return key, nil
	}
}

// A read loop that skips bad packets until a good one arrives.
func roundTrip(c net.Conn, parse func([]byte) error) error {
	b := make([]byte, 512)
	for {
		n, err := c.Read(b)
		if err != nil {
			return err
		}
		if err := parse(b[:n]); err != nil {
			continue
		}
		return nil
	}
}

// A failover over servers picked by the counter.
func exchange(servers []string, ask func(string) error) error {
	for i := 0; i < 3; i++ {
		server := servers[i%len(servers)]
		if err := ask(server); err == nil {
			return nil
		}
	}
	return errors.New("no server answered")
}

// An I/O readiness loop (net's connect): it blocks on an event, it does
// not retry after a pause.
type pollFD struct{}

func (pollFD) WaitWrite() error { return nil }

func connect(ctxDone <-chan struct{}, fd pollFD, peer func() error) error {
	for {
		if err := fd.WaitWrite(); err != nil {
			select {
			case <-ctxDone:
				return errors.New("canceled")
			default:
			}
			return err
		}
		if err := peer(); err == nil {
			return nil
		}
	}
}

// An event loop: each iteration waits for the next signal; a flush that
// fails is tried again on the next one, and one that works leaves. The
// nested loop that lets writes pile up sleeps, but it is no retry either:
// it waits for a state (more pending bytes), with no failure in sight.
func flushLoop(flushCh, quit chan struct{}, pending func() int, flush func() error) {
	for {
		select {
		case <-flushCh:
			wait := time.Millisecond
			for n := pending(); n < 4096; wait *= 2 {
				time.Sleep(wait)
				next := pending()
				if next <= n {
					break
				}
				n = next
			}
			if err := flush(); err == nil {
				return
			}
		case <-quit:
			return
		}
	}
}

// An event loop with a tick (raft's replication to a follower): new
// entries, and a tick that fires whatever the last send did, both send;
// a failed send waits for the next one. The tick is no retry's wait.
func replicate(trigger, stopCh <-chan struct{}, send func() (stop bool)) {
	stop := false
	for !stop {
		select {
		case <-stopCh:
			return
		case <-trigger:
			stop = send()
		case <-time.After(50 * time.Millisecond):
			stop = send()
		}
	}
}

// A batch loop written with goto (raft's replicateTo): the step says
// stop when a newer term ends replication, and false when the batch went
// out; more to send goes round. It goes round on success, never on an
// error, after a wait that only earlier failures make: no retry.
func sendBatches(failures *int, more func() bool, step func() (bool, error)) bool {
START:
	if *failures > 0 {
		time.Sleep(time.Duration(*failures) * 10 * time.Millisecond)
	}
	if stop, err := step(); stop {
		return true
	} else if err != nil {
		*failures++
		return false
	}
	if more() {
		goto START
	}
	return false
}

// A worker that takes jobs from a channel and stops at the first one that
// works: each iteration waits for the next job.
func firstDone(jobs <-chan func() error) {
	for {
		job := <-jobs
		if err := job(); err == nil {
			return
		}
	}
}

// A hand-off loop (badger's close): each iteration tries to pass the
// value to a consumer goroutine without blocking and sleeps while the
// consumer is busy. It waits for another goroutine, like an event loop,
// not for a server to recover.
func handOff(mu *sync.Mutex, ch chan<- []byte, buf []byte) {
	for {
		sent := func() bool {
			mu.Lock()
			defer mu.Unlock()
			select {
			case ch <- buf:
				return true
			default:
			}
			return false
		}()
		if sent {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// The twin of countDown that sends the next item each round: the first
// item that goes through, a failover, not a retry.
func firstSent(items []string, send func(string) error, skippable func(error) bool) (err error) {
	for i := 0; i < len(items) && i < 3; i++ {
		err = send(items[i])
		if err != nil {
			if skippable(err) {
				continue
			}
			return
		}
		return
	}
	return err
}
