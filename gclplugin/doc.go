// Package gclplugin registers retrylint as a golangci-lint v2 module
// plugin named "retrylint".
//
// A custom golangci-lint binary that imports this package (golangci-lint
// custom with a .custom-gcl.yml naming it; see docs/golangci.md) runs
// every retrylint analyzer as the one linter "retrylint". Its settings,
// under linters.settings.custom.retrylint.settings in .golangci.yml, are
// decoded strictly; an unknown key stops golangci-lint with a message
// naming the keys it accepts:
//
//	settings:
//	  disable: [nodeadline]      # analyzers to leave out
//	  keyheaders: [X-Dedup-Key]  # a flag several analyzers have, set on each
//	  keyregen:                  # an analyzer's flags, by flag name
//	    requestid: true
//
// The keys under an analyzer are the flags that analyzer has in every
// other driver (retrylint -keyregen.requestid, go vet -vettool, nogo's
// analyzer_flags), so there is one set of options to learn. A list is
// passed as a comma-separated value. A flag that several analyzers have
// (analysisutil.SharedFlags: keyheaders, tests) is also a top-level key,
// as retrylint -keyheaders is a flag; an analyzer's own setting wins.
//
// Each plugin instance builds fresh analyzers from its settings: the
// analyzers' NewAnalyzer constructors bind the flags to a fresh Config,
// and the directives checker is wired to exactly those analyzers. Nothing
// is shared between instances or written to package-level state.
//
// golangci-lint applies //nolint by linter name, so //nolint:retrylint
// silences every retrylint analyzer on a line. To silence one analyzer,
// use retrylint's own //retrylint:ignore NAME reason, which works the
// same under every driver, or an exclusion rule on the text prefix
// "NAME: " that golangci-lint puts in front of each message.
package gclplugin
