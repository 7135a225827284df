package loops

import (
	"log"
	"time"
)

// A retry schedule: the waits between attempts of one call, ranged over
// or counted to its length. Its elements are waits, not targets.
var backoffs = []time.Duration{100 * time.Millisecond, time.Second, 5 * time.Second}

func scheduled() error { // want `retrier\(N via retry loop\)`
	var err error
	for _, d := range backoffs { // want `site loop "retry loop" N attempts`
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return err
}

type scheduler struct{ retrySchedule []time.Duration }

func (s *scheduler) send() error { // want `retrier\(N via retry loop\)`
	var err error
	for try := 0; try < len(s.retrySchedule); try++ { // want `site loop "retry loop" N attempts`
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(s.retrySchedule[try])
	}
	return err
}

// Waits measured one by one: no attempt, no retry.
func measure() {
	for _, d := range backoffs {
		start := time.Now()
		time.Sleep(d)
		log.Print(time.Since(start))
	}
}
