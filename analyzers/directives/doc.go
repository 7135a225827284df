// Package directives defines an Analyzer that checks retrylint's own
// //retrylint: comments.
//
// # Analyzer directives
//
// directives: report retrylint directives that are malformed, unknown or silence nothing
//
// retrylint understands four directives:
//
//	//retrylint:ignore NAME[,NAME...] reason   silence findings of NAME on this line or the next
//	//retrylint:retrier attempts=N            (function doc) this function retries N times inside
//	//retrylint:idempotent                    (function doc) calling this twice is safe
//	//retrylint:nonidempotent                 (function doc) calling this twice is not safe
//
// A directive that silently does nothing is worse than none: the reader
// believes a finding was judged, or a function declared, when it was not.
// The directives analyzer reports:
//
//   - an ignore directive without a reason ("no-reason"). Such a
//     directive silences nothing; write why the finding does not apply:
//
//     //retrylint:ignore nestedretry
//     //retrylint:ignore nestedretry the inner client has RetryMax = 0 in prod
//
//   - an ignore directive naming an analyzer retrylint does not have
//     ("unknown-analyzer"), e.g. a typo such as "nestedretries";
//
//   - an ignore directive that silenced no finding of an analyzer it
//     names ("stale"): the code moved or was fixed, and the directive
//     would hide the next, unrelated finding on that line. Remove it;
//
//   - a //retrylint: comment with a verb other than the four above
//     ("unknown-directive"), and "// retrylint:ignore" written with a
//     space, which Go tooling does not treat as a directive ("malformed");
//
//   - a //retrylint:retrier directive whose arguments are not
//     attempts=N (N > 0) or attempts=unbounded ("malformed"), or that is
//     not in the doc comment of a function declaration, where the
//     recognizer never reads it ("misplaced").
//
// The stale check uses the results of the analyzers it requires (each
// returns the ignore directives that silenced one of its findings), so it
// is exact for the configuration of the run: a directive for a finding
// that only appears with a non-default flag is stale when that flag is
// off. Findings of this analyzer are not themselves silenced by
// //retrylint:ignore; fix the directive instead.
//
// The analyzer has no flags. Built with NewAnalyzer, it checks the
// analyzers given in its Config, which is how the golangci-lint plugin
// checks the analyzers it configured.
//
// # Limitations
//
// It does not check the placement of //retrylint:idempotent and
// //retrylint:nonidempotent, which the nonidempotent analyzer reads, nor
// directives in generated files, whose findings retrylint drops anyway.
// A stale directive naming an analyzer that is known but not checked in
// this run (Config.Known) is not reported.
package directives
