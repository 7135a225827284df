#!/usr/bin/env bash
# readme-check.sh: run the command blocks of README.md on a fresh clone,
# as a new user would, and fail when one does not do what the README
# says. Run by .ci/run; needs Go, git and the Go module proxy.
#
# Every ```sh block of the README carries a marker on the line before it:
#
#   <!-- readme-check: run -->          run it (bash -e) at the top of the
#                                       clone; it must exit 0
#   <!-- readme-check: run exit=3 -->   the same, exit status 3
#   <!-- readme-check: output -->       (before a ```text block) every line
#                                       is a line the last run block printed
#   <!-- readme-check: ci -->           every command is one .ci/run runs
#                                       (the test command: it is not run
#                                       here, CI runs it anyway)
#   <!-- readme-check: skip: why -->    not runnable offline (a release)
#
# An unmarked ```sh block is an error, so a new command cannot slip in
# unchecked. The clone is of HEAD: commit what you want checked. The run
# blocks get an empty GOBIN on PATH, so `go install` in the README is
# what puts retrylint there.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "readme-check: FAIL: $*" >&2; exit 1; }
say() { echo "readme-check: $*" >&2; }

if [ -n "$(git -C "$root" status --porcelain -- README.md)" ]; then
	say "note: README.md has uncommitted changes; checking HEAD's"
fi
git clone -q "$root" "$tmp/clone" || fail "git clone of $root"
clone=$tmp/clone
export GOWORK=off GOBIN=$tmp/bin PATH=$tmp/bin:$PATH
mkdir -p "$GOBIN" "$tmp/blocks"

# Split the README into blocks/N (the block's lines) and blocks/list
# (N, the marker's directive, the README line of the block).
awk -v dir="$tmp/blocks" '
	/^<!-- readme-check: .* -->$/ {
		directive = $0
		sub(/^<!-- readme-check: /, "", directive); sub(/ -->$/, "", directive)
		marked = NR; next
	}
	/^```/ && !inblock {
		inblock = 1; lang = substr($0, 4)
		if (marked == NR - 1) {
			n++; file = dir "/" n
			printf "%d\t%s\t%d\n", n, directive, NR > (dir "/list")
		} else {
			file = ""
			if (lang == "sh") { printf "README.md:%d: a sh block without a readme-check marker\n", NR > "/dev/stderr"; bad = 1 }
		}
		next
	}
	/^```$/ && inblock { inblock = 0; next }
	inblock && file != "" { print > file }
	END { exit bad }
' "$clone/README.md" || fail "mark every sh block of README.md (see the top of this script)"
[ -s "$tmp/blocks/list" ] || fail "no readme-check markers in README.md"

last=""
ran=0
while IFS=$'\t' read -r n directive line; do
	block=$tmp/blocks/$n
	case "$directive" in
	run | run\ exit=*)
		want=0
		[ "$directive" = run ] || want=${directive#run exit=}
		say "README.md:$line: running: $(tr '\n' ';' <"$block")"
		rc=0
		(cd "$clone" && bash -e "$block") >"$tmp/out.$n" 2>"$tmp/err.$n" || rc=$?
		if [ "$rc" != "$want" ]; then
			cat "$tmp/out.$n" "$tmp/err.$n" >&2
			fail "README.md:$line: exit $rc, the README says $want"
		fi
		last=$tmp/out.$n
		ran=$((ran + 1))
		;;
	output)
		[ -n "$last" ] || fail "README.md:$line: an output block before any run block"
		while IFS= read -r want; do
			grep -Fxq -- "$want" "$last" ||
				fail "README.md:$line: the run above did not print: $want"
		done <"$block"
		;;
	ci)
		while IFS= read -r cmd; do
			case "$cmd" in "" | "#"*) continue ;; esac
			awk -v cmd="$cmd" '{ sub(/^[ \t]+/, ""); sub(/[ \t]+$/, "") } $0 == cmd { found = 1 } END { exit !found }' "$clone/.ci/run" ||
				fail "README.md:$line: .ci/run does not run: $cmd"
		done <"$block"
		;;
	skip:*)
		say "README.md:$line: not run (${directive#skip: })"
		;;
	*)
		fail "README.md:$line: unknown marker: readme-check: $directive"
		;;
	esac
done <"$tmp/blocks/list"

# The README's install block is what put retrylint on PATH.
[ -x "$GOBIN/retrylint" ] || fail "no run block installed retrylint into GOBIN"
[ "$ran" -ge 3 ] || fail "only $ran run blocks: the README lost its commands?"
say "ok: $ran blocks run"
