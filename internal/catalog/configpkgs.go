package catalog

import "strings"

// configPackages are the import paths of every package a catalogued
// retry, bound option or delay option belongs to: the packages whose
// types a retry is configured with.
var configPackages = func() map[string]bool {
	m := map[string]bool{}
	for _, r := range retries {
		m[r.Pkg] = true
	}
	for _, o := range boundOptions {
		m[o.Pkg] = true
	}
	for _, o := range delayOptions {
		m[o.Pkg] = true
	}
	return m
}()

// ConfigPackage reports whether a retry is configured with types of the
// package at path: a retry library, a client that retries inside (every
// aws-sdk-go-v2 service and v1 one, resty) or a package of policy options.
func ConfigPackage(path string) bool {
	return configPackages[path] || strings.HasPrefix(path, "github.com/aws/aws-sdk-go-v2/") || strings.HasPrefix(path, "github.com/aws/aws-sdk-go/") ||
		path == restyV2 || path == restyV3
}
