package topology

import (
	"encoding/json"
	"fmt"
)

// Category is the diagnostic category of the inventory analyzer's one
// diagnostic per package: its message is the package's Unit as compact
// JSON. go vet carries it back to the driver in its -json output like any
// finding, so `retrylint report` runs the same go vet, with the same
// cache, as `retrylint`; the analyzer reports nothing unless the report
// driver sets its -inventory.emit flag.
const Category = "retrylint-inventory"

// A Unit is what one package contributes to the topology: its retry
// sites, outbound calls and relevant functions, and the edges leaving
// them. Keys are global, so Build joins the units of all packages:
//
//	function  the function's full name: "example.com/a.Do", "(*example.com/a.Client).Get"
//	site      "s:" + file:line:col of the site
//	outbound  "o:" + file:line:col of the call
//
// An edge may name a function of another package; Build keeps it when
// that package is in the report, and drops it otherwise.
type Unit struct {
	Package string `json:"pkg"`
	// Module is the path of the package's module, when the driver
	// knows it: the report's service by default.
	Module   string     `json:"mod,omitempty"`
	Funcs    []UnitFunc `json:"funcs,omitempty"`
	Sites    []UnitSite `json:"sites,omitempty"`
	Outbound []UnitOut  `json:"out,omitempty"`
	Edges    []Edge     `json:"edges,omitempty"`
	// Serves are the routes and gRPC methods the package registers, each
	// with the function that serves it, which may be of another package.
	Serves []UnitServe `json:"serves,omitempty"`
}

// UnitServe is one route or gRPC method and the function that serves
// it. Build makes the function an entry point of kind Entry when its
// own unit did not (a handler of another package registered here).
type UnitServe struct {
	Key    string `json:"key"`
	Label  string `json:"label"`
	Pos    Pos    `json:"pos"`
	Entry  string `json:"entry"`
	Target Target `json:"target"`
}

// UnitFunc is a function that reaches a retry site or an outbound call.
type UnitFunc struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Pos   Pos    `json:"pos"`
	// Entry is why the function is an entry point (an Entry* constant),
	// empty when it is not one.
	Entry string `json:"entry,omitempty"`
}

// Why a function is an entry point.
const (
	EntryMain     = "main"
	EntryHTTP     = "http"
	EntryGRPC     = "grpc"
	EntryExported = "exported"
)

// UnitSite is a retry site. Site.ID is its key; Site.Func its enclosing
// function's label.
type UnitSite struct {
	Site
	// Callee is, for a call of a function that retries inside
	// (kind "retrier") whose retries are visible code, that function's
	// key: when its package is in the report its own sites are the
	// layers, and Build replaces this site by a call edge. A function
	// declared with //retrylint:retrier has no visible sites and no
	// Callee: its call stays a layer.
	Callee string `json:"callee,omitempty"`
	// Reaches is, for a site whose attempts run code Build cannot follow
	// (a retrying client, a function of a package outside the report),
	// the kind of outbound call it makes ("an HTTP call"); Build adds an
	// outbound node after it, calling Target when it is known.
	Reaches string  `json:"reaches,omitempty"`
	Target  *Target `json:"target,omitempty"`
}

// ExternPrefix starts the key of an outbound node that stands for a
// function of another package that calls out: "x:" and the function's
// key. Build keeps it only when that package is not in the report (when
// it is, the function's own nodes say what it calls).
const ExternPrefix = "x:"

// UnitOut is an outbound call.
type UnitOut struct {
	Key string `json:"key"`
	// Label names the called function: "http.Client.Do".
	Label string `json:"label"`
	// Family is the kind of call: "an HTTP call", "a gRPC call".
	Family string `json:"family"`
	Pos    Pos    `json:"pos"`
	// Target is what the call calls, as far as the code shows it.
	Target *Target `json:"target,omitempty"`
}

// Encode renders a unit as the message of the inventory diagnostic.
func (u *Unit) Encode() (string, error) {
	b, err := json.Marshal(u)
	return string(b), err
}

// DecodeUnit reads a unit from an inventory diagnostic's message.
func DecodeUnit(msg string) (*Unit, error) {
	var u Unit
	if err := json.Unmarshal([]byte(msg), &u); err != nil {
		return nil, fmt.Errorf("reading an inventory record: %v", err)
	}
	return &u, nil
}
