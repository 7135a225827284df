package loops

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel/metric"
	"go.uber.org/atomic"

	"example.com/unboundedbackofftest/remote"
)

// Metrics are counters in this process's memory: a loop that counts its
// rounds stays as local as its attempt (prometheus's remote-write queue
// manager, whose enqueue waits for a shard's sender to drain a full
// queue).
type queueMetrics struct {
	retries prometheus.Counter
	pending prometheus.Gauge
	byShard *prometheus.CounterVec
	latency prometheus.Observer
	rounds  metric.Int64Counter // OpenTelemetry's, kept in memory too
}

type shardQueue struct {
	batches  chan []int
	m        *queueMetrics
	enqueued atomic.Int64 // its [0]func() marker field holds nothing
}

func (q *shardQueue) tryAppend(v int) bool {
	select {
	case q.batches <- []int{v}:
		q.m.pending.Inc()
		q.m.byShard.WithLabelValues("0").Inc()
		q.enqueued.Inc()
		return true
	default:
		return false
	}
}

// Must not report jitter: the attempt is a channel send and metrics.
func (q *shardQueue) append(v int, quit <-chan struct{}) bool {
	backoff := 5 * time.Millisecond
	for {
		select {
		case <-quit:
			return false
		default:
		}
		if q.tryAppend(v) {
			return true
		}
		q.m.retries.Inc()
		q.m.rounds.Add(context.Background(), 1)
		time.Sleep(backoff)
		backoff = min(2*backoff, time.Second)
	}
}

// The twin: the same metrics around a call of a peer.
func (q *shardQueue) push(quit <-chan struct{}) bool {
	backoff := 5 * time.Millisecond
	for {
		select {
		case <-quit:
			return false
		default:
		}
		if err := remote.Call(); err == nil {
			q.m.latency.Observe(1)
			return true
		}
		q.m.retries.Inc()
		time.Sleep(backoff) // want `retry delay has no jitter`
		backoff = min(2*backoff, time.Second)
	}
}
