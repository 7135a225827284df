package nodeadline

import "testing"

// TestWrappedMerge checks the union of what implementations bound, in
// both forms of the fact, and the fact's sorted form.
func TestWrappedMerge(t *testing.T) {
	const hc = "google.golang.org/grpc/health/grpc_health_v1.HealthClient"
	type add struct {
		all   bool
		names []string
	}
	for _, tc := range []struct {
		name string
		adds []add
		want string
		in   []string // bounded
		out  []string // not bounded
	}{
		{"lists", []add{{false, []string{"List"}}, {false, []string{"Check", "List"}}},
			"wrapped(grpc_health_v1.HealthClient: Check, List)", []string{"Check", "List"}, []string{"Watch"}},
		{"all but, twice", []add{{true, []string{"A", "B"}}, {true, []string{"B", "C"}}},
			"wrapped(grpc_health_v1.HealthClient: all but B)", []string{"A", "C", "D"}, []string{"B"}},
		{"all but, then a list", []add{{true, []string{"A", "B"}}, {false, []string{"B"}}},
			"wrapped(grpc_health_v1.HealthClient: all but A)", []string{"B", "C"}, []string{"A"}},
		{"a list, then all but", []add{{false, []string{"A", "C"}}, {true, []string{"A", "B"}}},
			"wrapped(grpc_health_v1.HealthClient: all but B)", []string{"A", "C", "D"}, []string{"B"}},
		{"all", []add{{true, nil}, {false, []string{"A"}}},
			"wrapped(grpc_health_v1.HealthClient: all)", []string{"A", "B"}, nil},
	} {
		w := wrappedSet{}
		for _, a := range tc.adds {
			w.merge(hc, a.all, a.names)
		}
		if got := w.fact().String(); got != tc.want {
			t.Errorf("%s: fact %s, want %s", tc.name, got, tc.want)
		}
		for _, m := range tc.in {
			if !w.bounds(hc, m) {
				t.Errorf("%s: %s not bounded", tc.name, m)
			}
		}
		for _, m := range tc.out {
			if w.bounds(hc, m) {
				t.Errorf("%s: %s bounded", tc.name, m)
			}
		}
		if w.bounds("example.com/pb.OtherClient", "Check") {
			t.Errorf("%s: another interface is bounded", tc.name)
		}
	}
	if (wrappedSet{}).fact() != nil {
		t.Error("an empty set makes a fact")
	}
}
