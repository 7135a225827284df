package jitterpolicy

import "time"

// A helper counted against a parameter makes at most what its callers
// pass: every call of fetchN passes a constant, 3 at most, so its fixed
// wait without jitter is a hint like deadlock's.
func fetchN(n int) error {
	var err error
	for i := 0; i < n; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // hint
	}
	return err
}

func fetchTwice() error  { return fetchN(2) }
func fetchThrice() error { return fetchN(3) }

// Reported: one call passes 8, more waves than a hint.
func pollN(n int) error {
	var err error
	for i := 0; i < n; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `retry delay has no jitter`
	}
	return err
}

func pollShort() error { return pollN(2) }
func pollLong() error  { return pollN(8) }

// Reported: the count comes from the caller's own parameter, unseen.
func tryN(n int) error {
	var err error
	for i := 0; i < n; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `retry delay has no jitter`
	}
	return err
}

func TryAll(n int) error { return tryN(n) }

// Reported: an exported helper may be called with any count.
func Fetch(n int) error {
	var err error
	for i := 0; i < n; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `retry delay has no jitter`
	}
	return err
}

func fetchFew() error { return Fetch(3) }

// A hint: a recursive retry counting down what its one caller passes
// (3 retries, 4 attempts a second apart).
func getRec(retries int) error {
	err := op()
	if err != nil && retries > 0 {
		time.Sleep(time.Second) // hint
		return getRec(retries - 1)
	}
	return err
}

func getWithRetries() error { return getRec(3) }

// Reported: the same recursion counting down 9 retries.
func getRecLong(retries int) error {
	err := op()
	if err != nil && retries > 0 {
		time.Sleep(time.Second) // want `retry delay has no jitter`
		return getRecLong(retries - 1)
	}
	return err
}

func getPatiently() error { return getRecLong(9) }

// Reported: a recursion that passes the count on unchanged never
// counts down; nothing the callers pass bounds it.
func getForever(retries int) error {
	err := op()
	if err != nil && retries > 0 {
		time.Sleep(time.Second) // want `retry delay has no jitter`
		return getForever(retries)
	}
	return err
}

func getOnce() error { return getForever(1) }

// Reported for its cap whatever its callers pass (3 today): the helper
// is where the cap belongs, and a caller passing more tomorrow gets the
// growth.
func growN(n int) error {
	var err error
	d := time.Second
	for i := 0; i < n; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(d) // want `retry delay has no jitter`
		d *= 2        // want `retry delay doubles each attempt with no cap`
	}
	return err
}

func growFew() error { return growN(3) }
