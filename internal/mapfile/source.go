package mapfile

import (
	"fmt"
	"io"
	"os"
)

// Source is what a locator's File was made from, as far as its sections'
// bytes and its lifetime go: the *os.File its sections are mapped from
// (none when it reads through another io.ReaderAt), whether Close closes
// that file (it was opened by Open), and the name errors give. The
// locators keep one in their File instead of each writing Open, Close and
// the loader again.
type Source struct {
	osf  *os.File
	own  bool
	name string
}

// SourceOf is the source of a File made from r: its sections are mapped
// when r is an *os.File, which the File does not own.
func SourceOf(r io.ReaderAt) Source {
	osf, _ := r.(*os.File)
	return Source{osf: osf}
}

// Open opens the named file and makes a File of it with newFile; the
// File's source (what source returns) then owns the file, which its Close
// closes. On failure the file is closed and the error names it.
func Open[F any](name string, newFile func(io.ReaderAt) (F, error), source func(F) *Source) (F, error) {
	osf, err := OpenRegular(name)
	if err != nil {
		var zero F
		return zero, err
	}
	f, err := newFile(osf)
	if err != nil {
		osf.Close()
		var zero F
		return zero, fmt.Errorf("%s: %w", name, err)
	}
	s := source(f)
	s.own, s.name = true, name
	return f, nil
}

// Shared is the source of a File that reads another File's open file,
// under its name, without owning it (the slices of a universal Mach-O
// file).
func (s *Source) Shared() Source { return Source{osf: s.osf, name: s.name} }

// Loader returns what reads a section's bytes (Section on the source's
// file), or nil when the File reads through another io.ReaderAt (the
// locator then reads into memory).
func (s *Source) Loader() func(off, n int64) ([]byte, func() error, error) {
	osf := s.osf
	if osf == nil {
		return nil
	}
	return func(off, n int64) ([]byte, func() error, error) { return Section(osf, off, n) }
}

// Wrap names the file in err when the source was opened by name.
func (s *Source) Wrap(err error) error {
	if err == nil || s.name == "" {
		return err
	}
	return fmt.Errorf("%s: %w", s.name, err)
}

// Name returns the name the file was opened by ("" when not by Open).
func (s *Source) Name() string { return s.name }

// Close closes the file when the source owns it, once: later calls, and
// sources that do not own their file, do nothing. What was mapped from it
// stays valid (see Own).
func (s *Source) Close() error {
	osf, own := s.osf, s.own
	*s = Source{}
	if osf == nil || !own {
		return nil
	}
	return osf.Close()
}
