#!/bin/sh
# sweep.sh: the robustness sweep run before a release (issue 12). Runs
# retrylint over the real modules of tools/sweep/modules.txt (exporters, web
# frameworks, databases, message queues, cloud SDKs, CLIs, Kubernetes
# libraries and applications), each in a temporary module that requires it,
# with its dependencies as go vet analyzes them, and writes
# reports/sweep.{md,json}, reports/sweep-findings.txt and
# reports/sweep-panics.md: per module the packages analyzed, findings,
# panics, analysis errors, and modules skipped because they do not build.
# Needs the Go module proxy; the first run downloads and compiles a lot.
#
# -set apps runs the application corpus of issue 26 instead:
# tools/sweep/apps.txt, services (servers, controllers, sidecars, gateways)
# none of which is in modules.txt, written to reports/apps.{md,json},
# reports/apps-findings.txt and reports/apps-panics.md; its findings are
# judged in EVIDENCE.md. The two sets write different files.
#
#   scripts/sweep.sh [-set sweep|apps] [-retrylint BIN] [-only REGEXP] [-j 1] [-keep] [-work DIR] [-merge] [-resume]
#
# The report is rewritten after each module; interrupt a long run and
# continue it later with -resume.
#
# All flags: go run ./tools/sweep -h
set -eu
cd "$(dirname "$0")/.."
exec nice go run ./tools/sweep "$@"
