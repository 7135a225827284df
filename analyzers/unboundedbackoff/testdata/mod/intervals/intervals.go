// Package intervals stands for an in-memory data structure of another
// module (etcd's pkg/adt): it imports no net, so what its constructors
// make stays in this process, whatever interface it is seen through.
package intervals

import "strings"

// Comparable is a bound of an interval.
type Comparable interface{ Compare(Comparable) int }

// StringComparable compares strings.
type StringComparable string

// Compare orders two string bounds.
func (s StringComparable) Compare(c Comparable) int {
	return strings.Compare(string(s), string(c.(StringComparable)))
}

// Interval is [Begin, End).
type Interval struct{ Begin, End Comparable }

// NewStringInterval returns [begin, end).
func NewStringInterval(begin, end string) Interval {
	return Interval{StringComparable(begin), StringComparable(end)}
}

// Node holds the value of an interval.
type Node struct{ Val any }

// Tree holds values by interval.
type Tree interface {
	Insert(ivl Interval, val any)
	Find(ivl Interval) *Node
	Delete(ivl Interval) bool
}

// NewTree returns an empty tree.
func NewTree() Tree { return &tree{nodes: map[Interval]*Node{}} }

type tree struct{ nodes map[Interval]*Node }

func (t *tree) Insert(ivl Interval, val any) { t.nodes[ivl] = &Node{Val: val} }

func (t *tree) Find(ivl Interval) *Node { return t.nodes[ivl] }

func (t *tree) Delete(ivl Interval) bool {
	_, ok := t.nodes[ivl]
	delete(t.nodes, ivl)
	return ok
}
