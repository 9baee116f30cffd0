package main

import "io"

// dumpOptions are the dump command's flags that formats consult.
type dumpOptions struct {
	format string
	filter *dumpFilter // --function, --id
	disasm bool        // --disasm (text and json)
	unwind bool        // --unwind (text and json)
	pretty bool        // --pretty (json): indented rather than one line
}

// formatter writes one file's stack maps in one output format; matched
// reports whether the filters (opts.filter) kept a table of the file.
type formatter func(w io.Writer, in *dumpInput, opts *dumpOptions) (matched bool, err error)
