#!/usr/bin/env bash
# golangci-e2e.sh: build golangci-lint v2.15.0 with the retrylint plugin
# from this working tree, run it on testdata/golangci/fixture, and check
# that it reports exactly what the retrylint binary reports there.
#
# Needs only Go and the Go module proxy: `golangci-lint custom` would
# git-clone golangci-lint from GitHub, so this script does what it does
# from the module proxy instead. It writes a small module whose main.go
# calls golangci-lint's public entry point (commands.Execute), imports
# the plugin for its registration, and replaces the retrylint module with
# this working tree.
#
# Cache-friendly: the builder module lives in $RETRYLINT_E2E_DIR (default
# $TMPDIR/retrylint-golangci-e2e) and keeps its go.sum between runs; Go's
# build and module caches (GOCACHE, GOMODCACHE) are used as they are.
# golangci-lint's own result cache is fresh on every run, since it is
# keyed by the version string, which does not change when the plugin
# does.
#
# Exit status: 0 when the findings agree, 1 on any difference or error.
set -euo pipefail

GOLANGCI_VERSION=v2.15.0
root=$(cd "$(dirname "$0")/.." && pwd)
work=${RETRYLINT_E2E_DIR:-${TMPDIR:-/tmp}/retrylint-golangci-e2e}
fixture=$root/testdata/golangci/fixture
# The .golangci.yml README.md and docs/golangci.md show, as they show it
# (go test ./cmd/retrylint checks that they do).
config=$root/testdata/golangci/golangci.yml
# The retrylint binary gets the settings golangci.yml gives the plugin.
retrylint_flags=(-keyheaders=X-Dedup-Key)
# Only retrylint's findings, with absolute paths, for the comparison: the
# command line says so, the config stays the one users copy.
gcl_flags=(--enable-only=retrylint --path-mode=abs)

fail() { echo "golangci-e2e: FAIL: $*" >&2; exit 1; }
step() { echo "golangci-e2e: $*" >&2; }

export GOWORK=off GOFLAGS=-mod=mod
mkdir -p "$work"

step "building golangci-lint $GOLANGCI_VERSION with the plugin from $root"
# The recipe of docs/golangci.md ("Without GitHub access"): the lines
# between the markers are the doc's, character for character
# (go test ./cmd/retrylint checks it). It reads RETRYLINT (a clone of
# retrylint) and GOLANGCI_VERSION, and writes bin/custom-gcl.
RETRYLINT=$root
(
cd "$work"
# ---- recipe begin (docs/golangci.md) ----
(
mkdir -p custom-gcl && cd custom-gcl
cat > go.mod <<EOF
module example.com/custom-gcl

go 1.26.0

require (
	github.com/golangci/golangci-lint/v2 $GOLANGCI_VERSION
	github.com/retrylint/retrylint v0.0.0
)

replace github.com/retrylint/retrylint => $RETRYLINT
EOF
cat > main.go <<EOF
// Command custom-gcl is golangci-lint $GOLANGCI_VERSION with the
// retrylint module plugin compiled in.
package main

import (
	"fmt"
	"os"
	"runtime"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/retrylint/retrylint/gclplugin" // registers the "retrylint" plugin
)

func main() {
	info := commands.BuildInfo{
		Version:   "${GOLANGCI_VERSION#v}-custom-retrylint",
		Commit:    "(unknown)",
		Date:      "(unknown)",
		GoVersion: runtime.Version(),
	}
	if err := commands.Execute(info); err != nil {
		fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}
EOF
# -mod=mod: go build adds to go.sum what the build needs. (go mod tidy would
# also fetch the test dependencies of every module in golangci-lint's graph.)
GOWORK=off GOFLAGS=-mod=mod go build -o ../bin/custom-gcl .
)
# ---- recipe end ----
) || fail "could not build the custom golangci-lint"
gcl=$work/bin/custom-gcl
"$gcl" version >&2

step "building retrylint"
(cd "$root" && go build -o "$work/retrylint" ./cmd/retrylint) || fail "could not build retrylint"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

step "running the custom golangci-lint on $fixture"
(cd "$fixture" && go mod download) || fail "could not download the fixture's modules"
rc=0
(cd "$fixture" && GOLANGCI_LINT_CACHE="$out/gcl-cache" "$gcl" run \
	-c "$config" "${gcl_flags[@]}" --issues-exit-code=0 \
	--output.json.path="$out/golangci.json" --output.text.path=stderr ./...) || rc=$?
[ "$rc" -eq 0 ] || fail "golangci-lint exited $rc (issues exit 0 here, so this is an error)"

step "running retrylint ${retrylint_flags[*]} on $fixture"
rc=0
(cd "$fixture" && "$work/retrylint" "${retrylint_flags[@]}" -json ./... >"$out/retrylint.json") || rc=$?
# 0: nothing found, 3: findings (the retrylint exit codes); else an error.
[ "$rc" -eq 0 ] || [ "$rc" -eq 3 ] || fail "retrylint exited $rc"

step "comparing"
(cd "$root" && go run ./testdata/golangci/cmpfindings -root "$fixture" \
	-golangci "$out/golangci.json" -retrylint "$out/retrylint.json") ||
	fail "golangci-lint and retrylint disagree (see above)"
