package catalog

import "go/types"

// StopField is a backoff type that says "stop retrying" through a field
// of its own, which a struct literal leaves at zero. cenkalti/backoff v4's
// ExponentialBackOff returns its Stop field once MaxElapsedTime has
// passed; NewExponentialBackOff sets it to backoff.Stop (-1), which ends
// backoff.Retry, but a literal that sets MaxElapsedTime and not Stop
// returns 0: "wait no time, and retry", for ever.
//
//	b := &backoff.ExponentialBackOff{..., MaxElapsedTime: 10 * time.Second} // Stop: 0
type StopField struct {
	Pkg, Type string
	// Limit is the field whose non-zero value makes the type stop; Stop
	// the field it then returns; Want what Stop must hold (for messages).
	Limit, Stop, Want string
	// Constructor builds the type with Stop set (for messages).
	Constructor string
}

var stopFields = []StopField{
	{Pkg: cenkaltiV4, Type: "ExponentialBackOff", Limit: "MaxElapsedTime", Stop: "Stop", Want: "backoff.Stop", Constructor: "backoff.NewExponentialBackOff"},
}

// LookupStopField returns the row of a struct type, when the type has
// the row's Stop field (older releases of a package return a constant
// and have no trap), or nil.
func LookupStopField(t types.Type) *StopField {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := range stopFields {
		r := &stopFields[i]
		if r.Pkg != n.Obj().Pkg().Path() || r.Type != n.Obj().Name() {
			continue
		}
		for j := range st.NumFields() {
			if st.Field(j).Name() == r.Stop {
				return r
			}
		}
	}
	return nil
}
