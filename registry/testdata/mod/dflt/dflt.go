// Package dflt checks the directives analyzer as retrylint ships it,
// against the analyzers with default settings. Nothing here is a
// retry, so no analyzer reports and every well-formed ignore is stale.
package dflt

func f() int {
	/* want `//retrylint:ignore nestedretry silences nothing` `//retrylint:ignore keyregen silences nothing` */ //retrylint:ignore nestedretry,keyregen no retry here at all
	x := 1

	/* want `unknown analyzer "retryscan", which silences nothing; known analyzers: [a-z, ]+$` */ //retrylint:ignore retryscan the recognizer reports nothing
	x++

	/* want `has no reason` */ //retrylint:ignore nodeadline
	return x
}
