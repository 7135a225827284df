package driver

import (
	"fmt"
	"io"
	"strings"
)

// patternErrors are the beginnings of the go command's own messages for
// a package pattern that names no package (go vet prints them without a
// "# pkg" header and without a file position, and analyzes nothing):
//
//	no packages to vet
//	go: warning: "./x/..." matched no packages
//	pattern ./x/...: lstat ./x/: no such file or directory
//	stat /m/x: directory not found
//	package x is not in std (/usr/local/go/src/x)
//	no required module provides package example.com/x; to add it:
//	directory ../y is outside main module or its selected dependencies
//	malformed import path "a b": invalid char ' '
//
// A missing import in the code reads "a/a.go:3:8: no required module
// ...", with a position: the code is broken, not the command line.
var patternErrors = []string{
	"no packages to vet",
	"go: warning: ",
	"pattern ",
	"stat ",
	"package ",
	"no required module provides package ",
	"directory ",
	"malformed import path ",
}

// isPatternError reports whether line, one of the lines failures
// returns, says that a pattern on the command line names no package. The
// line may name the pattern first, as the lines of packages set aside do
// ("./x: stat /m/x: directory not found").
func isPatternError(line string) bool {
	if patternError(line) {
		return true
	}
	// Not "a/a.go:3:8: no required module ...": a position means the
	// code is broken, not the command line.
	name, rest, ok := strings.Cut(line, ": ")
	return ok && !strings.Contains(name, ".go:") && patternError(rest)
}

func patternError(line string) bool {
	for _, p := range patternErrors {
		if strings.HasPrefix(line, p) {
			switch p {
			case "go: warning: ":
				return strings.HasSuffix(line, " matched no packages")
			case "stat ":
				return strings.HasSuffix(line, ": directory not found")
			case "package ":
				_, rest, _ := strings.Cut(line[len(p):], " ")
				return strings.HasPrefix(rest, "is not in std")
			}
			return true
		}
	}
	return false
}

// noPackages reports whether errs say that a package pattern matched
// nothing, which is a bad command line (exit 2) even when other
// patterns matched; it then prints a one-line hint after the errors.
func noPackages(stderr io.Writer, errs []string) bool {
	for _, e := range errs {
		if isPatternError(e) {
			fmt.Fprintln(stderr, "retrylint: a package pattern matched no packages: patterns are import paths or directories relative to the current one (./... is every package below it)")
			return true
		}
	}
	return false
}
