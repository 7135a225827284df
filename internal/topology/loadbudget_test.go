package topology

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func share(f float64) *float64 { return &f }

// TestLoadText checks how each kind of load budget is worded, with what
// a full outage sends: at most (1 + share) times the calls for a budget
// whose numbers are known, the site's attempts otherwise; a report that
// does not record the budget says "?", not "none".
func TestLoadText(t *testing.T) {
	for _, tc := range []struct {
		attempts int
		lb       *LoadBudget
		want     string
	}{
		{4, &LoadBudget{Kind: BudgetOn, Share: share(0.1 / 1.1), What: "retryThrottling (maxTokens 10, tokenRatio 0.1)"},
			"≤ 1.09× (not 4×) by retryThrottling (maxTokens 10, tokenRatio 0.1)"},
		{3, &LoadBudget{Kind: BudgetOn, Share: share(1.0 / 14), What: "retry token bucket"}, "≤ 1.07× (not 3×) by retry token bucket"},
		{AttemptsUnknown, &LoadBudget{Kind: BudgetOn, Share: share(0.05), What: "b"}, "≤ 1.05× (not N×) by b"},
		{4, &LoadBudget{Kind: BudgetOn, What: "retrypolicy WithBudget"}, "budget (retrypolicy WithBudget), share not known"},
		{3, &LoadBudget{Kind: BudgetOff, What: "ratelimit.None"}, "off (ratelimit.None): 3×"},
		{3, &LoadBudget{Kind: BudgetNone, What: "hand-written loop"}, "none (hand-written loop): 3×"},
		{AttemptsUnbounded, &LoadBudget{Kind: BudgetNone}, "none: ∞×"},
		{3, &LoadBudget{Kind: BudgetLimiter, What: "rate.Limiter.Wait in the attempt"}, "rate limiter (rate.Limiter.Wait in the attempt)"},
		{3, &LoadBudget{Kind: BudgetUnknown, Why: "not seen"}, "unknown"},
		{3, nil, "?"},
	} {
		s := Site{Attempts: tc.attempts, LoadBudget: tc.lb}
		if got := LoadText(&s); got != tc.want {
			t.Errorf("LoadText(%d attempts, %+v) = %q, want %q", tc.attempts, tc.lb, got, tc.want)
		}
	}
}

// TestLoadBudgetRendered checks the budget in every format that shows
// sites: the Markdown summary, column and unknowns, the JSON field, the
// HTML column; and that a report with no budget recorded (written before
// them) shows no summary line and no JSON field.
func TestLoadBudgetRendered(t *testing.T) {
	units := chain()
	units[1].Sites[0].LoadBudget = &LoadBudget{Kind: BudgetNone, What: "hand-written loop"}
	units[2].Sites[0].LoadBudget = &LoadBudget{Kind: BudgetUnknown, Why: "failsafe.Run offers WithBudget"}
	units[3].Sites[0].LoadBudget = &LoadBudget{Kind: BudgetOn, Share: share(0.1 / 1.1), What: "retryThrottling (maxTokens 10, tokenRatio 0.1)"}
	r := Build(units, nil, Options{P: 0.1})

	var md bytes.Buffer
	if err := Markdown(&md, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Load budgets: 1 site with a budget (a full outage adds at most 9% more calls there instead of multiplying them), 1 with none, 1 not known.",
		"| load budget | findings |",
		"| none (hand-written loop): 3× |",
		"| ≤ 1.09× (not 3×) by retryThrottling (maxTokens 10, tokenRatio 0.1) |",
		"`b.Get`: load budget: failsafe.Run offers WithBudget",
	} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("markdown lacks %q:\n%s", want, md.String())
		}
	}
	var js bytes.Buffer
	if err := JSON(&js, r); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if lb := back.Sites[2].LoadBudget; lb == nil || lb.Kind != BudgetOn || lb.Share == nil || *lb.Share < 0.0909 || *lb.Share > 0.091 {
		t.Errorf("JSON load_budget of %s: %+v", back.Sites[2].Func, lb)
	}
	if page := render(t, r); !strings.Contains(page, "<td data-sort=\"none (hand-written loop): 3×\">none (hand-written loop): 3×</td>") ||
		!strings.Contains(page, `title="failsafe.Run offers WithBudget">unknown</td>`) {
		t.Error("the HTML inventory lacks the load budget column")
	}
	if page := render(t, r); !strings.Contains(page, `<dt>Load budgets</dt><dd><span class="value">1 of 3</span><span class="note">sites whose retries a budget caps; 1 with none, 0 off, 1 not known</span>`) {
		t.Error("the HTML summary lacks the load budgets card")
	}

	// The twin: no budget recorded.
	old := Build(chain(), nil, Options{P: 0.1})
	md.Reset()
	js.Reset()
	if err := Markdown(&md, old); err != nil {
		t.Fatal(err)
	}
	if err := JSON(&js, old); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(md.String(), "Load budgets") || strings.Contains(js.String(), "load_budget") || strings.Contains(render(t, old), "Load budgets") {
		t.Errorf("a report with no budget recorded shows one:\n%s", md.String())
	}
}
