// Package taints is the fixture of the engine's taint: fresh() makes a
// tainted value, fill(b) taints what b refers to, sink(x) reports the
// line of the fresh() or fill that reaches x. A value assigned to a
// variable named kept is refused by the test's keep.
package taints

import (
	"fmt"
	"strconv"
)

func fresh() string            { return "" }
func fill(b []byte)            {}
func sink(x any)               {}
func store(o *Order, k string) {}

type Inner struct{ Key, Other string }

type Order struct {
	ID, Key, Ref string
	Inner        Inner
	N            int
}

func direct() {
	sink(fresh())                    // want `from line 26`
	k := "k-" + fresh()              // the operands of arithmetic
	sink(fmt.Sprintf("%s/%d", k, 3)) // want `from line 27`
	sink(strconv.Quote(k))           // want `from line 27`
	sink([]byte(k))                  // want `from line 27`
	sink(fresh() + fresh())          // want `from line 31`
	sink(len(k) > 0)                 // want `from line 27`
	sink("constant")
}

// Fields are locations of their own; writing one does not taint the
// struct as a whole, and a callee given a value is not followed.
func fields() {
	o := &Order{ID: "o-1", Key: fresh()}
	sink(o.Key) // want `from line 39`
	sink(o.ID)
	var v Order
	v.Key = fresh()
	sink(v.Key) // want `from line 43`
	sink(v.ID)
	sink(v)
	v.Inner.Key = fresh()
	sink(v.Inner.Key) // want `from line 47`
	sink(v.Inner.Other)
	p := &v
	p.Ref = fresh()
	sink(v.Ref) // want `from line 51`
	w := &Order{}
	store(w, fresh())
	sink(w.Key)
}

// A variable a closure writes is one location; a loop carries a value
// to the next round.
func memory() {
	var k string
	set := func() { k = fresh() }
	set()
	sink(k) // want `from line 62`
	last := ""
	for i := 0; i < 3; i++ {
		sink(last) // want `from line 68`
		last = fresh()
	}
	m := map[string]string{}
	m["key"] = fresh()
	sink(m["key"]) // want `from line 71`
	buf := make([]byte, 8)
	fill(buf)
	sink(string(buf)) // want `from line 74`
	var arr [4]byte
	fill(arr[:])
	sink(arr[0]) // want `from line 77`
}

// keep refuses a value: nothing made of it through it is tainted.
func refused() {
	kept := fresh()
	sink(kept)
	sink(kept + "x")
	other := fresh()
	sink(other) // want `from line 86`
}

// A struct copied carries the taint of its fields, field by field.
func copies(pick bool) {
	c := Order{ID: "o-1", Key: fresh()}
	d := c
	sink(d.Key) // want `from line 92`
	sink(d.ID)
	e := Order{}
	if pick {
		e = d
	}
	sink(e.Key) // want `from line 92`
	sink(e.Inner.Key)
}
