package topology

import (
	"fmt"
	"strings"
)

// addServices lists a merged report's services and the calls between
// them.
func (v *pageView) addServices(r *Report) {
	label := map[string]string{}
	for _, n := range r.Nodes {
		label[n.ID] = n.Label
	}
	for _, s := range r.Services {
		v.Services = append(v.Services, serviceView{Name: s.Name, File: s.File, Sites: s.Sites, Entries: s.Entries,
			Outbound: s.Outbound, Unknown: s.Unknown, Calls: callsAmp(s.Calls, s.AtLeast)})
	}
	for _, l := range r.Links {
		v.Links = append(v.Links, linkView{From: l.From, To: l.To, FromService: l.FromService, ToService: l.ToService,
			Target: l.Target.String(), Serves: l.Serves.String(), Caller: label[l.From], Callee: label[l.To],
			Calls: callsAmp(l.Calls, l.AtLeast), Cut: l.Cut})
	}
	for _, c := range r.Cycles {
		v.Notes = append(v.Notes, "Cycle between services cut: "+strings.Join(c.Services, " → ")+
			"; the calls back into "+c.Services[len(c.Services)-1]+" are not followed.")
	}
	for _, u := range r.Unjoined {
		v.Notes = append(v.Notes, fmt.Sprintf("Not joined: %s's call of %s (%s): %s.", u.Service, u.Target.String(), label[u.Node], u.Why))
	}
}

// callsAmp is the calls across a link or into a service as a pill.
func callsAmp(calls, atLeast int) ampView {
	a := amp(calls)
	if calls == AttemptsUnknown {
		a = ampAtLeast(atLeast)
	}
	return a
}
