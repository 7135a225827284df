package retryscan

import (
	"fmt"
	"go/types"

	"github.com/retrylint/retrylint/internal/catalog"
)

// Which packages reach a peer: a package that is, or imports directly or
// transitively, one of catalog.IsPeerPackage's (net, database/sql,
// os/exec). The import graph cannot answer it for an imported package:
// go vet gives a unit its imports as export data, whose Imports() list
// only the packages their exported declarations and inlinable bodies
// mention, so a client whose API shows no net type (func Call() error
// over net.LookupHost) would look local. Each package therefore reads
// its own direct imports, complete from source, and exports a PeerFact
// when one of them is a peer package or carries the fact; every package
// is analyzed under go vet, the standard library included, so an
// importer asks the fact.
//
// The recognizer asks it for a local attempt (local.go: a package that
// reaches no peer has no herd of clients behind it) and for a probe
// (probe.go).

// PeerFact marks a package that reaches a peer, and through which of its
// direct imports.
type PeerFact struct {
	Via string
}

func (*PeerFact) AFact() {}

func (f *PeerFact) String() string { return fmt.Sprintf("peer(via %s)", f.Via) }

// exportPeerFact exports the analyzed package's PeerFact when it reaches
// a peer.
func (s *scanner) exportPeerFact() {
	if catalog.IsPeerPackage(s.pass.Pkg.Path()) {
		s.pass.ExportPackageFact(&PeerFact{Via: s.pass.Pkg.Path()})
		return
	}
	for _, imp := range s.pass.Pkg.Imports() {
		if s.reachesPeer(imp) {
			s.pass.ExportPackageFact(&PeerFact{Via: imp.Path()})
			return
		}
	}
}

// reachesPeer reports whether package p reaches a peer: the analyzed
// package by its imports, another by its path or its fact. Safe for
// concurrent use (a pass's facts are).
func (s *scanner) reachesPeer(p *types.Package) bool {
	if p == nil {
		return false
	}
	if p == s.pass.Pkg {
		return s.pass.ImportPackageFact(p, new(PeerFact)) // exported first thing by run
	}
	return catalog.IsPeerPackage(p.Path()) || s.pass.ImportPackageFact(p, new(PeerFact))
}
