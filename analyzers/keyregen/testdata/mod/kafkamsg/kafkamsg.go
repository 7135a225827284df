// Package kafkamsg produces Kafka records whose consumers drop a record
// whose idempotency-key header they have seen: a new key per attempt
// defeats that. Kafka clients write headers as structs of a name and a
// value.
package kafkamsg

import (
	"context"
	"time"

	"github.com/IBM/sarama"
	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

type producer struct {
	w *kafka.Writer
}

func (p *producer) send(ctx context.Context, v []byte) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		msg := kafka.Message{
			Value:   v,
			Headers: []kafka.Header{{Key: "Idempotency-Key", Value: []byte(uuid.NewString())}}, // want `idempotency key from uuid\.NewString is generated inside the retry`
		}
		if err = p.w.WriteMessages(ctx, msg); err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}

// The twin makes the key once; the fresh header is a trace ID.
func (p *producer) sendOnce(ctx context.Context, v []byte) error { // want sendOnce:`generatesKey\(uuid\.NewString -> the "Idempotency-Key" header\)`
	key := []byte(uuid.NewString())
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		msg := kafka.Message{Value: v, Headers: []kafka.Header{
			{Key: "Idempotency-Key", Value: key},
			{Key: "Trace-Id", Value: []byte(uuid.NewString())},
		}}
		if err = p.w.WriteMessages(ctx, msg); err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}

// sarama names the header in bytes, here by position.
func saramaSend(sp sarama.SyncProducer, v []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		msg := &sarama.ProducerMessage{Topic: "orders", Value: sarama.ByteEncoder(v)}
		msg.Headers = append(msg.Headers, sarama.RecordHeader{[]byte("idempotency-key"), []byte(uuid.NewString())}) // want `idempotency key from uuid\.NewString is generated inside the retry`
		if _, _, err = sp.SendMessage(msg); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twin's key comes from the order, the same in every attempt.
func saramaSendOrder(sp sarama.SyncProducer, orderID string, v []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		msg := &sarama.ProducerMessage{Topic: "orders", Value: sarama.ByteEncoder(v)}
		msg.Headers = append(msg.Headers, sarama.RecordHeader{Key: []byte("idempotency-key"), Value: []byte(orderID)})
		if _, _, err = sp.SendMessage(msg); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func franzSend(ctx context.Context, cl *kgo.Client, v []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		rec := &kgo.Record{Topic: "orders", Value: v}
		rec.Headers = []kgo.RecordHeader{{Key: "X-Idempotency-Key", Value: []byte(uuid.NewString())}} // want `idempotency key from uuid\.NewString is generated inside the retry`
		if err = cl.ProduceSync(ctx, rec).FirstErr(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
