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
