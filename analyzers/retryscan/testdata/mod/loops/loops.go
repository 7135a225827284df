package loops

import (
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
