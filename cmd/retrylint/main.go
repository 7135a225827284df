// Command retrylint finds retry code that makes outages worse.
//
// Standalone:
//
//	retrylint [flags] ./...
//
// As a go vet tool, with the same binary:
//
//	go vet -vettool=$(which retrylint) ./...
//
// The retry topology of the packages, as Markdown, JSON, Graphviz:
//
//	retrylint report [flags] ./...
//
// Run 'retrylint help' for the analyzers and 'retrylint -h' for flags
// and exit codes.
package main

import (
	"os"

	"github.com/retrylint/retrylint/internal/driver"
	"github.com/retrylint/retrylint/registry"
)

func main() {
	os.Exit(driver.Main(registry.Analyzers(), registry.Inventory()))
}
