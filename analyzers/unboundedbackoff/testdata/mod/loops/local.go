package loops

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"
	"golang.org/x/sys/unix"
)

// A retry of a local file operation waits a fixed delay with no jitter,
// and that is fine: no other client waits on the same server.
func removeAll(dir string) error {
	err := os.RemoveAll(dir)
	for i := 0; err != nil && i < 100; i++ {
		time.Sleep(10 * time.Millisecond)
		err = os.RemoveAll(dir)
	}
	return err
}

// The same loop around a call that leaves the machine is reported.
func removeRemote(ctx context.Context) error {
	err := opCtx(ctx)
	for i := 0; err != nil && i < 100; i++ {
		time.Sleep(10 * time.Millisecond) // want `retry delay has no jitter`
		err = opCtx(ctx)
	}
	return err
}

// A mock server waiting for its port to come free: binding is local too.
func listen(addr string) (net.Listener, error) {
	l, err := net.Listen("tcp", addr)
	for i := 0; err != nil && i < 20; i++ {
		time.Sleep(100 * time.Millisecond)
		l, err = net.Listen("tcp", addr)
	}
	return l, err
}

// Dialing is not: the twin is reported.
func dial(addr string) (net.Conn, error) {
	c, err := net.Dial("tcp", addr)
	for i := 0; err != nil && i < 20; i++ {
		time.Sleep(100 * time.Millisecond) // want `retry delay has no jitter`
		c, err = net.Dial("tcp", addr)
	}
	return c, err
}

// Must not report: a file lock held by another process of this machine
// (bbolt's flock), tried again every 50ms.
func flock(fd int, timeout time.Duration) error {
	start := time.Now()
	for {
		err := syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return nil
		} else if err != syscall.EWOULDBLOCK {
			return err
		}
		if time.Since(start) > timeout {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Must not report: the same lock taken through golang.org/x/sys/unix.
func unixFlock(fd int, timeout time.Duration) error {
	start := time.Now()
	for {
		err := unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB)
		if err == nil || err != unix.EWOULDBLOCK || time.Since(start) > timeout {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Must not report no jitter: waiting for a removed file to come back and
// watching it again (a config watcher). os.Stat is catalogued; fsnotify's
// Add is local by its imports: fsnotify reaches no net, database/sql or
// os/exec. Nothing ends the wait, which is reported for itself.
func rewatch(name string, w *fsnotify.Watcher) {
	for { // want `retry loop has no attempt limit`
		if _, err := os.Stat(name); err == nil {
			if err := w.Add(name); err == nil {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// The same wait for a URL to answer leaves the machine: reported.
func awaitURL(url string) error {
	var err error
	for i := 0; i < 100; i++ {
		var resp *http.Response
		if resp, err = http.Head(url); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(50 * time.Millisecond) // want `retry delay has no jitter`
	}
	return err
}

// A write through an interface may reach any peer: reported.
func writeAll(w io.Writer, b []byte) error {
	var err error
	for i := 0; i < 100; i++ {
		if _, err = w.Write(b); err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond) // want `retry delay has no jitter`
	}
	return err
}

// bufio imports no net, but the writer it flushes to is the caller's, a
// connection here: a call handed an interface is not local. Reported.
func flush(conn net.Conn, b []byte) error {
	bw := bufio.NewWriter(conn)
	var err error
	for i := 0; i < 100; i++ {
		if _, err = bw.Write(b); err == nil {
			if err = bw.Flush(); err == nil {
				return nil
			}
		}
		time.Sleep(50 * time.Millisecond) // want `retry delay has no jitter`
	}
	return err
}
