package mapfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type sourced struct{ src Source }

func TestSourceOpenOwnsAndCloses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.bin")
	if err := os.WriteFile(path, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	newF := func(r io.ReaderAt) (*sourced, error) { return &sourced{src: SourceOf(r)}, nil }
	f, err := Open(path, newF, func(s *sourced) *Source { return &s.src })
	if err != nil {
		t.Fatal(err)
	}
	if f.src.Name() != path || !f.src.own || f.src.Loader() == nil {
		t.Fatalf("source after Open: %+v", f.src)
	}
	b, release, err := f.src.Loader()(2, 3)
	if err != nil || string(b) != "234" {
		t.Fatalf("Loader: %q, %v", b, err)
	}
	release()
	shared := f.src.Shared()
	if err := shared.Close(); err != nil || f.src.osf == nil {
		t.Fatal("a shared source closed the file")
	}
	if got := f.src.Wrap(errors.New("boom")).Error(); got != path+": boom" {
		t.Fatalf("Wrap: %q", got)
	}
	osf := f.src.osf
	if err := f.src.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.src.Close(); err != nil || f.src.Loader() != nil {
		t.Fatal("second Close, or a loader after Close")
	}
	if _, err := osf.Stat(); err == nil {
		t.Fatal("Close left the file open")
	}

	// A File that cannot be made: the file is closed and the error names it.
	var opened *os.File
	bad := func(r io.ReaderAt) (*sourced, error) { opened = r.(*os.File); return nil, errors.New("not ours") }
	if _, err := Open(path, bad, func(s *sourced) *Source { return &s.src }); err == nil || !strings.HasPrefix(err.Error(), path+": ") {
		t.Fatalf("Open of a bad file: %v", err)
	}
	if _, err := opened.Stat(); err == nil {
		t.Fatal("Open left a failed file open")
	}
}
