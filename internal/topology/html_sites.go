package topology

import (
	"fmt"
	"strings"
)

// addSites fills the inventory; a site's worst path is its node's.
func (v *pageView) addSites(r *Report) {
	siteNode := map[string]string{}
	for _, n := range r.Nodes {
		if n.Site != "" {
			siteNode[n.Site] = n.ID
		}
	}
	for _, s := range r.Sites {
		sv := newSiteView(s)
		sv.AttemptsWhy, sv.Until, sv.Unresolved, sv.Source, sv.Service = s.AttemptsWhy, s.Until, s.Unresolved, s.Source, s.Service
		sv.Node = siteNode[s.ID]
		sv.Amp = ampView{Text: "—", Class: "amp-none", Sort: -1}
		if a := v.NodeAmp[sv.Node]; a.Text != "" {
			sv.Amp = a
		}
		v.Sites = append(v.Sites, sv)
		v.Data.Sites[s.ID] = sv
	}
}

func newSiteView(s Site) siteView {
	sv := siteView{
		ID:        s.ID,
		Loc:       loc(s.Pos),
		ShortLoc:  loc(Pos{File: shortFile(s.Pos.File), Line: s.Pos.Line, Col: s.Pos.Col}),
		LocSort:   fmt.Sprintf("%s\x00%09d\x00%06d", s.Pos.File, s.Pos.Line, s.Pos.Col),
		Package:   s.Package,
		Func:      s.Func,
		Kind:      s.Kind,
		Name:      s.Name,
		Library:   s.Library,
		BaseDelay: duration(s.BaseDelay),
		MaxDelay:  duration(s.MaxDelay),
		Capped:    s.Capped,
		Jitter:    s.Jitter,
		Timeout:   duration(s.AttemptTimeout),
		WorstCase: duration(s.WorstCase),
		Load:      LoadText(&s),
	}
	if s.LoadBudget != nil {
		sv.LoadWhy = s.LoadBudget.Why
	}
	a := amp(s.Attempts)
	sv.Attempts, sv.AttSort = strings.TrimPrefix(a.Text, "×"), a.Sort
	for _, f := range s.Findings {
		sv.Findings = append(sv.Findings, finding{Analyzer: f.Analyzer, Message: f.Message, Loc: loc(f.Pos)})
	}
	return sv
}
