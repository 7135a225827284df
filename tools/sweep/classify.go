package main

import (
	"regexp"
	"strings"
)

// Class is what one error line of a run means for the sweep.
type Class int

const (
	// Noise is a line that says nothing of its own ("go vet exited with
	// status 1" after the lines that say why, download progress).
	Noise Class = iota
	// Panic is a crash of the analysis: a Go panic printed by go vet's
	// tool run, or a recovered panic reported as an analysis error.
	Panic
	// Blocked is a package that was not analyzed because the analysis of
	// a dependency failed and wrote no facts ("no package vetx file"):
	// the consequence of another line, not a failure of its own.
	Blocked
	// Load is a package that does not build: a type error, a missing
	// module or go.sum entry, a cgo failure. It says nothing about
	// retrylint; it makes the module partial or skipped.
	Load
	// Analysis is any other failure: an analyzer returned an error.
	Analysis
)

func (c Class) String() string {
	return [...]string{"noise", "panic", "blocked", "load", "analysis"}[c]
}

// A line the driver prints is "pkg: message" (one per failing package,
// the first error of its tool run); "retrylint: " is already cut.
var (
	// panicRE finds the word panic, not panicHandler or mustNotPanic.
	panicRE = regexp.MustCompile(`(?i)\bpanic(ked|s)?\b`)
	// posRE is a leading file position: a type error.
	posRE = regexp.MustCompile(`^\S+\.go:\d+(:\d+)?: `)
)

// loadPhrases are the go command's and the compiler's ways of saying a
// package cannot be built.
var loadPhrases = []string{
	"build constraints exclude all go files",
	"no required module provides package",
	"missing go.sum entry",
	"cannot find module",
	"cannot find package",
	"is not in std",
	"no go files in",
	"matched no packages",
	"import cycle not allowed",
	"use of internal package",
	"requires go >=",
	"c compiler",
	"cgo:",
	"pkg-config:",
	"exec: \"gcc\"",
	"undefined:",
	"could not import",
	"go: ",
	// the driver's word for a package skipped because one it imports
	// has a type error (reported on its own line)
	"which does not build",
}

// Classify says what one line of the driver's stderr means.
func Classify(line string) Class {
	line = strings.TrimSpace(strings.TrimPrefix(line, "retrylint: "))
	if line == "" || strings.HasPrefix(line, "go: downloading ") || strings.HasPrefix(line, "go vet exited with status") {
		return Noise
	}
	_, msg := SplitPkg(line)
	// A type error's message is matched without its file position, so
	// that a file named panic.go is not a panic.
	body := posRE.ReplaceAllString(msg, "")
	switch {
	case panicRE.MatchString(body):
		return Panic
	case strings.Contains(msg, "no package vetx file"):
		return Blocked
	case posRE.MatchString(msg):
		return Load
	}
	low := strings.ToLower(msg)
	for _, p := range loadPhrases {
		if strings.Contains(low, p) {
			return Load
		}
	}
	return Analysis
}

// SplitPkg splits "pkg: message" into the package and the message; a
// line that does not start with an import path has no package.
func SplitPkg(line string) (pkg, msg string) {
	line = strings.TrimPrefix(line, "retrylint: ")
	p, m, ok := strings.Cut(line, ": ")
	if !ok || strings.ContainsAny(p, " \t") || strings.HasSuffix(p, ".go") || strings.Contains(p, ".go:") ||
		p == "go" || p == "panic" || p == "vet" || p == "pkg-config" {
		return "", line
	}
	return p, m
}

// Stack is a Go panic as go vet's tool run printed it.
type Stack struct {
	Message string   // after "panic: ", addresses and numbers kept
	Frames  []string // "function file:line", innermost first, runtime frames dropped
}

// ParseStack reads the first panic and its goroutine's frames from the
// raw stderr of `go vet -vettool`; ok is false when there is none.
func ParseStack(stderr string) (st Stack, ok bool) {
	lines := strings.Split(stderr, "\n")
	i := 0
	for ; i < len(lines); i++ {
		if m, found := strings.CutPrefix(strings.TrimSpace(lines[i]), "panic: "); found {
			st.Message = strings.TrimSuffix(m, " [recovered]")
			ok = true
			break
		}
	}
	if !ok {
		return st, false
	}
	for ; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "goroutine ") {
			break
		}
	}
	for i++; i+1 < len(lines); i += 2 {
		fn, file := lines[i], lines[i+1]
		if fn == "" || strings.HasPrefix(fn, "created by ") || !strings.HasPrefix(file, "\t") {
			break
		}
		fn = funcName(fn)
		if strings.HasPrefix(fn, "runtime.") || fn == "panic" {
			continue
		}
		file = strings.TrimSpace(file)
		if j := strings.Index(file, " +0x"); j >= 0 {
			file = file[:j]
		}
		st.Frames = append(st.Frames, fn+" "+trimFile(file))
	}
	return st, true
}

// funcName cuts the argument list: "pkg.(*T).M(0x1, ...)" -> "pkg.(*T).M".
func funcName(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, ")") {
		if j := strings.LastIndexByte(s, '('); j > 0 {
			return s[:j]
		}
	}
	return s
}

// trimFile shortens a frame's file to its import path when it is in the
// repository, the module cache or GOROOT.
func trimFile(f string) string {
	for _, marker := range []string{"/pkg/mod/", "/src/"} {
		if j := strings.LastIndex(f, marker); j >= 0 && !strings.Contains(f, repoPath+"/") {
			return f[j+len(marker):]
		}
	}
	if j := strings.Index(f, repoPath+"/"); j >= 0 {
		return f[j:]
	}
	return f
}

// repoPath is retrylint's module path; its frames are the ones to fix.
const repoPath = "github.com/retrylint/retrylint"

// Signature names a distinct crash: the message with numbers and
// addresses masked, and the first three frames in retrylint's code
// (all frames when none is).
func (st Stack) Signature() string {
	var own []string
	for _, f := range st.Frames {
		if strings.HasPrefix(f, repoPath+"/") {
			own = append(own, strings.ReplaceAll(f, repoPath+"/", ""))
		}
	}
	if len(own) == 0 {
		own = st.Frames
	}
	if len(own) > 3 {
		own = own[:3]
	}
	return numRE.ReplaceAllString(st.Message, "N") + " | " + strings.Join(own, " < ")
}

var numRE = regexp.MustCompile(`0x[0-9a-f]+|\d+`)
