// Package apicheck holds the test that keeps the library's exported API
// in step with its listing and its CHANGELOG: api/current.txt lists every
// exported identifier of every library package (functions, methods, types,
// struct fields, interface methods, constants with their values,
// variables), one line each in the style of Go's own api/*.txt files;
// api/baseline.txt is the listing the CHANGELOG's entries are counted from
// (the API before the CHANGELOG's top section). The test fails when the
// code's API differs from api/current.txt (go test ./internal/apicheck
// -update rewrites it) and when an identifier added to or removed from the
// baseline is not named in CHANGELOG.md.
package apicheck
