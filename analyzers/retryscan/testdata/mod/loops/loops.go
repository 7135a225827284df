package loops

import (
	"context"
	"errors"
	"time"
)

func op() error { return errors.New("x") }

func counted() error { // want `retrier\(3 via retry loop\)`
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		err = op()
		if err == nil {
			break
		}
		time.Sleep(time.Second)
	}
	return err
}

func bare() error { // want `retrier\(∞ via retry loop\)`
	for { // want `site loop "retry loop" unbounded attempts`
		if err := op(); err != nil {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
}

func fetch() error { // want `retrier\(3 via counted2 -> retry loop\)`
	return counted2() // want `site retrier "counted2" 3 attempts`
}

func counted2() error { // want `retrier\(3 via retry loop\)`
	for range 3 { // want `site loop "retry loop" 3 attempts`
		if err := op(); err == nil {
			return nil
		}
	}
	return errors.New("gave up")
}

func condLoop() error { // want `retrier\(∞ via retry loop\)`
	var err error
	for err = op(); err != nil; err = op() { // want `site loop "retry loop" unbounded attempts`
		time.Sleep(time.Second)
	}
	return nil
}

func ctxLoop(ctx context.Context) error { // want `retrier\(N via retry loop\)`
	for { // want `site loop "retry loop" unbounded attempts`
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func counterExit() error { // want `retrier\(5 via retry loop\)`
	attempt := 0
	for { // want `site loop "retry loop" 5 attempts`
		err := op()
		if err == nil {
			return nil
		}
		attempt++
		if attempt >= 5 {
			return err
		}
	}
}

func inclusive() error { // want `retrier\(4 via retry loop\)`
	var err error
	for i := 1; i <= 4; i++ { // want `site loop "retry loop" 4 attempts`
		if err = op(); err == nil {
			break
		}
	}
	return err
}

// An unbounded retry in a closure run by a wrapper.
func withRetry(f func() error) error { // want `wrapper\(param=0, 3 attempts via retry loop, ignores ctx\)` `retrier\(3 via retry loop\)`
	var err error
	for range 3 { // want `site loop "retry loop" 3 attempts`
		if err = f(); err == nil {
			return nil
		}
	}
	return err
}

func useWrapper() error { // want `retrier\(3x3 via withRetry -> counted2 -> retry loop\)`
	return withRetry(func() error { // want `site wrapper "withRetry" 3 attempts`
		return counted2() // want `site retrier "counted2" 3 attempts`
	})
}

// The context check sits in the init statement of the exit.
func ctxInit(ctx context.Context) error { // want `retrier\(N via retry loop\)`
	for { // want `site loop "retry loop" unbounded attempts ctx`
		if err := op(); err == nil {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		time.Sleep(time.Second)
	}
}

// A retry the recognizer cannot see, declared by its author.
//
//retrylint:retrier attempts=4
func declared() error { // want `retrier\(4 via declared\)`
	return op()
}

func callsDeclared() error { // want `retrier\(3x4 via retry loop -> declared\)`
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if err = declared(); err == nil { // want `site retrier "declared" 4 attempts`
			return nil
		}
	}
	return err
}

//retrylint:retrier attempts=unbounded
func forever() error { return op() } // want `retrier\(∞ via forever\)`

// The twin of the event loops in negatives.go: the select waits on a
// timer beside the stop channel, so the loop goes round when the wait runs
// out: a retry.
func stopOrWait(stop <-chan struct{}) error { // want `retrier\(N via retry loop\)`
	for { // want `site loop "retry loop" unbounded attempts`
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-stop:
			return errors.New("stopped")
		case <-time.After(time.Second):
		}
	}
}

// The twins of handOff in negatives.go: the func literal succeeds when
// op, a call that can fail, does; the non-blocking send or receive beside
// it is a report or a stop, not the attempt. The loops retry op.
func reportEachTry(results chan<- error) { // want `retrier\(∞ via retry loop\)`
	for { // want `site loop "retry loop" unbounded attempts`
		ok := func() bool {
			err := op()
			select {
			case results <- err:
			default:
			}
			return err == nil
		}()
		if ok {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func tryUntilStopped(stop <-chan struct{}) { // want `retrier\(∞ via retry loop\)`
	for { // want `site loop "retry loop" unbounded attempts`
		ok := func() bool {
			select {
			case <-stop:
				return true
			default:
			}
			return op() == nil
		}()
		if ok {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func retryable(err error) bool { return !errors.Is(err, context.Canceled) }

// A round guard: the loop goes round only while retries are left, so it
// makes retries+1 attempts.
func roundGuard() error { // want `retrier\(4 via retry loop\)`
	retries := 3
	for { // want `site loop "retry loop" 4 attempts`
		err := op()
		if err == nil {
			return nil
		}
		if retryable(err) && retries > 0 {
			retries--
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}

// The twin goes round on a retryable error whatever retries says: no
// bound.
func roundUnguarded() error { // want `retrier\(∞ via retry loop\)`
	retries := 3
	for { // want `site loop "retry loop" unbounded attempts`
		err := op()
		if err == nil {
			return nil
		}
		if retryable(err) {
			retries--
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}

// A retry whose wait a wake-up channel can cut short: the select waits
// after a failure, and no clause of it sends, so it is no event loop.
func wakeable(wake <-chan struct{}) error { // want `retrier\(4 via retry loop\)`
	var err error
	for i := 0; i < 4; i++ { // want `site loop "retry loop" 4 attempts`
		if err = op(); err == nil {
			return nil
		}
		select {
		case <-wake:
		case <-time.After(time.Second):
		}
	}
	return err
}

// The tick clause waits and the work follows the select: a retry, though
// the other clause logs what woke it.
func wakeLogged(wake <-chan string) error { // want `retrier\(N via retry loop\)`
	for { // want `site loop "retry loop" unbounded attempts`
		select {
		case why := <-wake:
			println(why)
		case <-time.After(time.Second):
		}
		if err := op(); err == nil {
			return nil
		}
	}
}

// The twin of sendBatches whose step reports success as ok: false goes
// round after the wait, a retry.
func acquireBatches(failures *int, step func() (bool, error)) bool { // want `wrapper\(param=1, unbounded attempts via retry loop\)` `retrier\(∞ via retry loop\)`
START: // want `site loop "retry loop" unbounded attempts`
	if *failures > 0 {
		time.Sleep(time.Duration(*failures) * 10 * time.Millisecond)
	}
	if ok, err := step(); ok {
		return true
	} else if err != nil {
		*failures++
		return false
	}
	goto START
}

// A helper that counts its attempts down and asks a classifier it is
// handed, with no wait (matrixone's fileservice doWithRetry): the failure
// that goes round is under err != nil, the success leaves after it.
func countDown(fn func() error, attempts int, retryable func(error) bool) (err error) { // want `wrapper\(param=0, N attempts via retry loop, classifier param 2\)` `retrier\(N via retry loop\)`
	for { // want `site loop "retry loop" N attempts`
		err = fn()
		if err != nil {
			if retryable(err) {
				attempts--
				if attempts <= 0 {
					return
				}
				continue
			}
			return
		}
		return
	}
}

// A wrapper handed a func(error) bool it only reports to: the loop goes
// round whatever it answers, so it is no classifier.
func reportEach(fn func() error, report func(error) bool) error { // want `wrapper\(param=0, 3 attempts via retry loop, ignores ctx\)` `retrier\(3 via retry loop\)`
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if err = fn(); err == nil {
			return nil
		}
		if report(err) {
			println("reported")
		}
		time.Sleep(time.Second)
	}
	return err
}
