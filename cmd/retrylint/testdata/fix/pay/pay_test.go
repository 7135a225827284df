package pay

import (
	"context"
	"testing"
)

func TestPing(t *testing.T) {
	if err := Ping(context.Background(), func(context.Context) error { return nil }); err != nil {
		t.Fatal(err)
	}
}
