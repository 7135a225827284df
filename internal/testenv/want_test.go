package testenv

import "testing"

func TestParseWant(t *testing.T) {
	for _, tt := range []struct {
		text  string
		delta int
		want  []string // name=regexp
		err   bool
	}{
		{" `a \\(b\\)` \"c\"", 0, []string{"=a \\(b\\)", "=c"}, false},
		{" Fetch:\"retrier\" `diag` package:`p`", 0, []string{"Fetch=retrier", "=diag", "package=p"}, false},
		{" +2 `below`", 2, []string{"=below"}, false},
		{"", 0, nil, false},
		{" Fetch `x`", 0, nil, true},
		{" `(`", 0, nil, true},
		{" 12", 0, nil, true},
		{"ed to say", 0, nil, true},
	} {
		delta, exps, err := parseWant(tt.text)
		if (err != nil) != tt.err {
			t.Errorf("parseWant(%q): err %v, want error %v", tt.text, err, tt.err)
			continue
		}
		var got []string
		for _, e := range exps {
			got = append(got, e.name+"="+e.rx.String())
		}
		if delta != tt.delta || len(got) != len(tt.want) {
			t.Errorf("parseWant(%q) = %d, %q; want %d, %q", tt.text, delta, got, tt.delta, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("parseWant(%q) = %q, want %q", tt.text, got, tt.want)
			}
		}
	}
}
