package reloctest

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"testing"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Scramble checks that a locator survives damaged relocations: it changes
// a few random bytes of data[lo:hi] (a relocation table) 2000 times, with a
// fixed seed, and then cuts data at many lengths, calling read each time.
// read must never panic; and the mutations must reach the relocation code
// both ways: some still decode (read returns nil), some are refused as bad
// relocations (an error matching stackmap.ErrRelocation).
func Scramble(t *testing.T, name string, data []byte, lo, hi int, read func([]byte) error) {
	t.Helper()
	rng := rand.New(rand.NewSource(1))
	decoded, refused := 0, 0
	for i := 0; i < 2000; i++ {
		b := bytes.Clone(data)
		for k := 1 + rng.Intn(4); k > 0; k-- {
			b[lo+rng.Intn(hi-lo)] = byte(rng.Intn(256))
		}
		switch err := readSafely(read, b); {
		case err == nil:
			decoded++
		case errors.Is(err, errPanic):
			t.Fatalf("%s mutation %d: %v", name, i, err)
		case errors.Is(err, stackmap.ErrRelocation):
			refused++
		}
	}
	if decoded == 0 {
		t.Errorf("%s: no mutation decoded", name)
	}
	if refused == 0 {
		t.Errorf("%s: no mutation was refused as a bad relocation", name)
	}
	for n := len(data); n >= 0; n -= 1 + n/64 {
		if err := readSafely(read, data[:n]); errors.Is(err, errPanic) {
			t.Fatalf("%s cut to %d bytes: %v", name, n, err)
		}
	}
}

var errPanic = errors.New("panic")

// readSafely calls read, turning a panic into an error matching errPanic.
func readSafely(read func([]byte) error, b []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", errPanic, r)
		}
	}()
	return read(b)
}
