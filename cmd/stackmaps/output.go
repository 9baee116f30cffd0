package main

import (
	"io"
	"os"
)

// output is where a command writes: standard output or the -o file. It
// keeps the first failed write (a full disk, a closed pipe), after which
// it writes nothing more, so that however many formatters wrote through
// it, the failure is reported once, by Close, and the command exits 1.
type output struct {
	w   io.Writer
	f   *os.File // the -o file; nil for standard output
	err error
}

// openOutput returns the output of a command: the file name, created
// (truncated), or stdout when name is "" or "-".
func openOutput(name string, stdout io.Writer) (*output, error) {
	if name == "" || name == "-" {
		return &output{w: stdout}, nil
	}
	f, err := os.Create(name)
	if err != nil {
		return nil, err
	}
	return &output{w: f, f: f}, nil
}

// Write writes p, or fails with the first failure again.
func (o *output) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
	}
	return n, err
}

// Close closes the -o file and returns the first failed write, or else
// the failure of the close itself.
func (o *output) Close() error {
	err := o.err
	if o.f != nil {
		if cerr := o.f.Close(); err == nil {
			err = cerr
		}
		o.f = nil
	}
	return err
}
