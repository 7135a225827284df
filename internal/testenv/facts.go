package testenv

import (
	"bytes"
	"encoding/gob"
	"testing"
)

// FactRoundTrip encodes fact with gob, as go vet and nogo hand facts
// over, decodes it into back (a pointer to a zero fact of the same type)
// and encodes back again. It fails the test unless both encodings are
// the same bytes, and returns the encoded size.
func FactRoundTrip(t testing.TB, fact, back any) int {
	t.Helper()
	var first, second bytes.Buffer
	if err := gob.NewEncoder(&first).Encode(fact); err != nil {
		t.Fatal(err)
	}
	if err := gob.NewDecoder(bytes.NewReader(first.Bytes())).Decode(back); err != nil {
		t.Fatal(err)
	}
	if err := gob.NewEncoder(&second).Encode(back); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first.Bytes(), second.Bytes()) {
		t.Errorf("re-encoding the decoded %T changes its bytes", fact)
	}
	return first.Len()
}
