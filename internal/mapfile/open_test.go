//go:build unix

package mapfile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestOpenRegular opens a regular file and refuses, without blocking, a
// named pipe with no writer, a character device and a directory.
func TestOpenRegular(t *testing.T) {
	dir := t.TempDir()
	reg := filepath.Join(dir, "f")
	if err := os.WriteFile(reg, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := OpenRegular(reg)
	if err != nil {
		t.Fatalf("regular file: %v", err)
	}
	f.Close()
	fifo := filepath.Join(dir, "p")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for path, kind := range map[string]string{fifo: "a named pipe", "/dev/null": "a character device", dir: "a directory"} {
		_, err := OpenRegular(path)
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("%s: %v, want ErrNotRegular", path, err)
			continue
		}
		if want := "open " + path + ": not a regular file (" + kind + ")"; err.Error() != want {
			t.Errorf("%q, want %q", err, want)
		}
	}
}
