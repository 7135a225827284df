#!/bin/sh
# bench.sh: measure retrylint against go vet, staticcheck and the floor
# program on the corpus package sets (see BENCHMARKS.md for the method).
#
#   scripts/bench.sh [-corpus DIR] [-count N] [-sets STD,SMALL,LARGE] [-json FILE] ...
#
# The corpus defaults to $RETRYLINT_CORPUS, else ../shared/corpus next to the
# repository. All flags: go run ./tools/bench -h
set -eu
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/time ]; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		apt-get update && apt-get install -y time
	else
		echo "bench.sh: /usr/bin/time (GNU time) is missing; install it (Debian: apt-get install time)" >&2
		exit 2
	fi
fi
exec go run ./tools/bench "$@"
