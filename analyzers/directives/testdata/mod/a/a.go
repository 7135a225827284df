// Package a exercises the directives checker against a stand-in
// analyzer "boom" that reports every call of boom() through report.New,
// so each directive below is or is not used, by construction.
package a

func boom() {}

func used() {
	boom() //retrylint:ignore boom the call is fine on the same line

	//retrylint:ignore boom the call on the next line is fine
	boom()

	// One directive used by one of two checked analyzers would leave the
	// other stale; "off" is known but not checked, so it is not reported.
	boom() //retrylint:ignore boom,off both names are fine

	/* want `//retrylint:ignore boom silences nothing: no boom finding on this line or the next` */ //retrylint:ignore boom stale
	x := 1
	_ = x

	// Two lines above the finding is too far: stale, and the finding
	// stays.
	/* want `ignore boom silences nothing` */ //retrylint:ignore boom too far up

	boom()
}

func malformed() {
	/* want `//retrylint:ignore has no reason, so it silences nothing` */ //retrylint:ignore boom
	boom()

	/* want `//retrylint:ignore names no analyzer` */ //retrylint:ignore
	boom()

	/* want `//retrylint:ignore names unknown analyzer "bom", which silences nothing; known analyzers: boom, off` */ //retrylint:ignore bom,boom typo in the first name
	boom()

	/* want `unknown directive //retrylint:ignorethis has no effect` */ //retrylint:ignorethis boom reason
	boom()

	/* want `unknown directive //retrylint:nolint has no effect; known directives: ignore, retrier, idempotent, nonidempotent` */ //retrylint:nolint
	boom()

	/* want `"// retrylint:ignore" has a space after //, so it is not a directive` */ // retrylint:ignore boom reason
	boom()

	// Prose that mentions retrylint: is not a directive.
	// retrylint: this function is checked in CI
	_ = 0
}

// retrier retries inside a generated client the recognizer cannot see.
//
//retrylint:retrier attempts=3
func retrier() {}

// A count may be omitted (unknown) or "unbounded", and prose may follow.
//
//retrylint:retrier attempts=unbounded the client retries until ctx ends
func unbounded() {}

//retrylint:retrier
func unknownCount() {}

//retrylint:idempotent
func idem() {}

//retrylint:nonidempotent
func nonIdem() {}

/* want `//retrylint:retrier attempts=0 is not a positive count` */ //retrylint:retrier attempts=0
func zero() {
}

/* want `//retrylint:retrier ignores argument "attempt=3"` */ //retrylint:retrier attempt=3
func typo() {
}

/* want `//retrylint:retrier ignores argument "3"` */ //retrylint:retrier 3
func bare() {
}

func misplacedRetrier() {
	/* want `//retrylint:retrier is not in the doc comment of a function declaration` */ //retrylint:retrier attempts=3
	boom()
}
