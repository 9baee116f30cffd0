package mapfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// ErrNotRegular is returned (wrapped in an *fs.PathError) by OpenRegular
// for a path that names anything but a regular file: a named pipe, a
// device, a socket, a directory.
var ErrNotRegular = errors.New("not a regular file")

// OpenRegular opens the named file for reading, refusing anything that is
// not a regular file. The open itself does not block: a named pipe with no
// writer, or a terminal, would otherwise stop the caller in open(2) (a
// core file's list of mapped files can name either). Every reader that
// opens a file by name opens it with OpenRegular.
func OpenRegular(name string) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if m := st.Mode(); !m.IsRegular() {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("%w (%s)", ErrNotRegular, kind(m))}
	}
	return f, nil
}

// kind names the type of a file that is not regular.
func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a directory"
	}
	return "mode " + m.String()
}

// Parse opens the regular file name (OpenRegular), maps all of it as
// Section does, and hands the bytes to parse; it returns parse's answer and
// the function that releases the bytes, which the caller keeps with it.
// When parse fails the bytes are released at once. The file itself is
// closed before Parse returns. Section's errors are prefixed with prefix
// and the path, parse's with the path.
func Parse[F any](name, prefix string, parse func([]byte) (F, error)) (f F, release func() error, err error) {
	fd, err := OpenRegular(name)
	if err != nil {
		return f, nil, err
	}
	defer fd.Close()
	st, err := fd.Stat()
	if err != nil {
		return f, nil, err
	}
	data, release, err := Section(fd, 0, st.Size())
	if err != nil {
		return f, nil, fmt.Errorf("%s: %s: %w", prefix, name, err)
	}
	if f, err = parse(data); err != nil {
		_ = release()
		return f, nil, fmt.Errorf("%s: %w", name, err)
	}
	return f, release, nil
}
