package topology

import (
	"fmt"
	"strconv"
)

// How every rendering words an amplification that is not a number: what
// is known of it. A layer whose attempts are not a visible constant makes
// at least one attempt, so a path of a loop of 3 around such a layer
// makes at least 3 calls; a layer with no attempt limit that a context
// ends is unbounded unless the context ends it.

// AmpText renders an amplification: "243", "∞", "≥ 3", "N" (nothing
// known), followed by ", unbounded unless ctx ends it" when a layer has
// no attempt limit but a context or a time limit.
func AmpText(a, atLeast int, until string) string {
	switch {
	case a == AttemptsUnbounded:
		return "∞"
	case a > 0:
		return strconv.Itoa(a)
	}
	t := "N"
	if atLeast > 1 {
		t = "≥ " + strconv.Itoa(atLeast)
	}
	if until != "" {
		t += ", " + UntilText(until)
	}
	return t
}

// UntilText says what ends a retry with no attempt limit: "unbounded
// unless ctx ends it".
func UntilText(until string) string {
	switch until {
	case "ctx":
		return "unbounded unless ctx ends it"
	case "time":
		return "unbounded unless its time limit ends it"
	case "ctx or time":
		return "unbounded unless ctx or its time limit ends it"
	}
	return ""
}

// PathAmpText is a path's amplification as AmpText renders it.
func PathAmpText(p *Path) string { return AmpText(p.Amplification, p.AtLeast, p.Until) }

// LinkCallsText is the calls across a link: "×27", "≥ ×3".
func LinkCallsText(calls, atLeast int) string {
	switch {
	case calls == AttemptsUnbounded:
		return "×∞"
	case calls > 0:
		return "×" + strconv.Itoa(calls)
	case atLeast > 1:
		return "≥ ×" + strconv.Itoa(atLeast)
	}
	return "×N"
}

// SiteAttemptsText is a site's attempts: "3", "N", "∞", "N (unbounded
// unless ctx ends it)".
func SiteAttemptsText(s *Site) string {
	t := AttemptsText(s.Attempts)
	if s.Attempts <= 0 && s.Until != "" {
		t += " (" + UntilText(s.Until) + ")"
	}
	return t
}

// LoadText is a site's load budget with what a full outage of the
// dependency sends: "≤ 1.09× (not 4×) by retryThrottling (maxTokens 10,
// tokenRatio 0.1)", "off (ratelimit.None): 3×", "none: 3×", "unknown",
// and "?" for a report that does not record it.
func LoadText(s *Site) string {
	lb := s.LoadBudget
	if lb == nil {
		return "?"
	}
	a := AttemptsText(s.Attempts) + "×"
	by := ""
	if lb.What != "" {
		by = " (" + lb.What + ")"
	}
	switch lb.Kind {
	case BudgetOn:
		if lb.Share != nil {
			return fmt.Sprintf("≤ %s× (not %s) by %s", strconv.FormatFloat(1+*lb.Share, 'f', 2, 64), a, lb.What)
		}
		return "budget" + by + ", share not known"
	case BudgetLimiter:
		return "rate limiter" + by
	case BudgetOff, BudgetNone:
		return lb.Kind + by + ": " + a
	}
	return "unknown"
}
