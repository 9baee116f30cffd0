package objfile_test

import (
	"errors"
	"strings"

	"github.com/stackmaps/stackmaps/stackmap"
)

// walk decodes sd and reads every function, constant, record, location
// and live-out, relocated, and builds an address index over it.
func walk(sd *stackmap.SectionData) error {
	sec, err := sd.Parse()
	if err != nil {
		return err
	}
	for i := range sec.Tables() {
		tab := sec.Table(i)
		for _, f := range tab.Functions() {
			_ = f.Address() + f.Entry() + f.StackSize()
		}
		for c := 0; c < tab.NumConstants(); c++ {
			tab.Constant(c)
		}
		for _, r := range tab.Records() {
			r.Address()
			for _, l := range r.Locations() {
				r.ConstantValue(l)
			}
			for range r.LiveOuts() {
			}
		}
	}
	stackmap.NewIndex(sec)
	return nil
}

// offsetless returns why err does not say where it happened, or "" when it
// does: it must be a *stackmap.FileError with a file offset, a
// *stackmap.DecodeError (whose offset is a section offset) or a
// *stackmap.RelocationError for one relocation, and its text must not
// carry a bare EOF or another package's parse error.
func offsetless(err error) string {
	if err == nil {
		return ""
	}
	msg := err.Error()
	for _, leak := range []string{"EOF", "strconv"} {
		if strings.Contains(msg, leak) {
			return "says " + leak
		}
	}
	var fe *stackmap.FileError
	if errors.As(err, &fe) {
		if fe.Offset < 0 {
			return "FileError without an offset"
		}
		return ""
	}
	var de *stackmap.DecodeError
	if errors.As(err, &de) {
		return ""
	}
	var re *stackmap.RelocationError
	if errors.As(err, &re) {
		if re.Index < 0 {
			return "RelocationError for a whole section, no file offset"
		}
		return ""
	}
	return "not a FileError, DecodeError or RelocationError"
}
