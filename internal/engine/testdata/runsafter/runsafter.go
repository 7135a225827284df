package runsafter

func first() error  { return nil }
func second() error { return nil }

func straight() { // want `second runs after first`
	_ = first()
	_ = second()
}

func reversed() { // want `second does not run after first`
	_ = second()
	_ = first()
}

// The first attempt before the loop, the re-send at the end of a round.
func sendBeforeLoop() { // want `second runs after first`
	err := first()
	for try := 0; try < 3; try++ {
		if err == nil {
			break
		}
		err = second()
	}
}

// A first send in a branch that returns: the later one never follows it.
func returnsFirst(x bool) { // want `second does not run after first`
	if x {
		_ = first()
		return
	}
	_ = second()
}

// Earlier in the block, but the loop comes back to it.
func loopBack() { // want `second runs after first`
	for i := 0; i < 3; i++ {
		_ = second()
		_ = first()
	}
}
