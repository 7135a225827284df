// Package elems is the fixture of TestElems (a module of its own, out of
// TestWalks' ./...): every call of use reports the elements of its slice
// argument, or that some are out of sight.
package elems

func use(xs ...int) {}

func variadic() {
	use(1, 2) // want `elems 1 2`
}

func none() {
	use() // want `elems$`
}

func literalAndAppend(more bool) {
	xs := []int{1}
	if more {
		xs = append(xs, 2, 3)
	}
	use(xs...) // want `elems 1 2 3`
}

func loop(n int) {
	var xs []int
	for i := 0; i < n; i++ {
		xs = append(xs, 4)
	}
	use(xs...) // want `elems 4$`
}

func fromHelper() {
	use(helper()...) // want `elems 5$`
}

func helper() []int { return []int{5} }

func param(xs []int) {
	use(xs...) // want `out of sight`
}

func written() {
	xs := make([]int, 1)
	xs[0] = 6
	use(xs...) // want `out of sight`
}

// usePaths reports the lists ElemPaths finds, zeros dropped.
func usePaths(xs ...int) {}

func pathsStraight() {
	xs := []int{1, 0}
	xs = append(xs, 2)
	usePaths(xs...) // want `paths \[1 2\]$`
}

func pathsIf(more bool) {
	xs := []int{1}
	if more {
		xs = append(xs, 2)
	}
	xs = append(xs, 3)
	usePaths(xs...) // want `paths \[1 3\] \[1 2 3\]$`
}

func pathsIfElse(a bool) {
	xs := []int{1}
	if a {
		xs = append(xs, 2)
	} else {
		xs = append(xs, 3)
	}
	usePaths(xs...) // want `paths \[1 2\] \[1 3\]$`
}

// An else that appends only what is dropped makes the same list as no
// append at all.
func pathsDropped(a bool) {
	xs := []int{1}
	if a {
		xs = append(xs, 2)
	} else {
		xs = append(xs, 0)
	}
	usePaths(xs...) // want `paths \[1 2\] \[1\]$`
}

func pathsLoop(n int) {
	xs := []int{1}
	for i := 0; i < n; i++ {
		xs = append(xs, 4)
	}
	usePaths(xs...) // want `paths \[1\] \[1 4\]$`
}

func pathsVariadic() {
	usePaths(5, 6) // want `paths \[5 6\]$`
}

func pathsHelper(a bool) {
	usePaths(helperPaths(a)...) // want `paths \[7\] \[8\]$`
}

func helperPaths(a bool) []int {
	if a {
		return []int{7}
	}
	return []int{8}
}

func pathsParam(xs []int) {
	usePaths(xs...) // want `out of sight`
}

// Three ifs in a row make eight lists; more than maxElemPaths are out
// of sight.
func pathsMany(a, b, c, d, e, f bool) {
	var xs []int
	if a {
		xs = append(xs, 1)
	}
	if b {
		xs = append(xs, 2)
	}
	if c {
		xs = append(xs, 3)
	}
	usePaths(xs...) // want `paths( \[[1-3 ]*\]){8}$`
	if d {
		xs = append(xs, 4)
	}
	if e {
		xs = append(xs, 5)
	}
	if f {
		xs = append(xs, 6)
	}
	usePaths(xs...) // want `out of sight`
}
