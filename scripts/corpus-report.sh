#!/bin/sh
# corpus-report.sh: run retrylint over the corpus package sets (STD, SMALL,
# LARGE) and write reports/corpus-findings.{txt,json} and the review sample
# reports/corpus-sample.md; also checks that no set panics or fails and that
# two runs print byte-identical text, JSON and SARIF.
#
#   scripts/corpus-report.sh [-corpus DIR] [-sets STD,SMALL,LARGE] [-sample 60] [-seed 1] ...
#
# The corpus defaults to $RETRYLINT_CORPUS, else ../shared/corpus next to the
# repository. All flags: go run ./tools/corpusreport -h
set -eu
cd "$(dirname "$0")/.."
exec go run ./tools/corpusreport "$@"
