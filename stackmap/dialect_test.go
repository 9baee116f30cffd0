package stackmap_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/stackmap"
)

// writeDialectsEnv, set to 1, makes TestDialectSamples rewrite the samples
// under testdata/dialects (testdata/dialects/gen.sh sets it).
const writeDialectsEnv = "STACKMAPS_WRITE_DIALECTS"

// dialectSample is one checked-in section in a fork's layout.
type dialectSample struct {
	file    string
	data    []byte
	order   binary.ByteOrder
	dialect stackmap.Dialect
}

func dialectSamples() []dialectSample {
	le, be := binary.LittleEndian, binary.BigEndian
	return []dialectSample{
		{"ykllvm.bin", ykSample(le, false, false), le, stackmap.DialectYk},
		{"ykllvm-be.bin", ykSample(be, false, false), be, stackmap.DialectYk},
		{"ykllvm-addlocs.bin", ykSample(le, true, true), le, stackmap.DialectYkPrologue},
		{"ykllvm-prologue.bin", ykSample(le, false, true), le, stackmap.DialectYkPrologue},
		{"microsoft-v2.bin", microsoftV2Sample(le), le, stackmap.DialectMicrosoftV2},
		{"manticore-v1.bin", manticoreSample(le), le, stackmap.DialectManticoreV1},
		{"manticore-v1-be.bin", manticoreSample(be), be, stackmap.DialectManticoreV1},
		{"llvm34-unversioned.bin", preVersionSample(le), le, stackmap.DialectPreVersion1},
		{"ftl-2013-unversioned.bin", preVersionFTLSample(le), le, stackmap.DialectPreVersion1},
	}
}

// TestDialectSamples checks every checked-in sample against what the
// generator writes, that DetectDialect names its dialect certainly (in its
// byte order, and with the byte order left to it), and that Parse refuses
// it with a *DialectError naming the dialect and wrapping the fault.
func TestDialectSamples(t *testing.T) {
	dir := filepath.Join(corpus.Root(), "dialects")
	for _, s := range dialectSamples() {
		path := filepath.Join(dir, s.file)
		if os.Getenv(writeDialectsEnv) == "1" {
			require.NoError(t, os.WriteFile(path, s.data, 0o644))
		}
		onDisk, err := os.ReadFile(path)
		require.NoError(t, err, "run testdata/dialects/gen.sh")
		require.True(t, bytes.Equal(onDisk, s.data), "%s differs from what the generator writes: run testdata/dialects/gen.sh", s.file)

		for _, bo := range []binary.ByteOrder{s.order, nil} {
			d := stackmap.DetectDialect(s.data, bo)
			assert.Equal(t, s.dialect, d.Dialect, "%s: %s", s.file, d.Reason)
			assert.Equal(t, stackmap.Certain, d.Certainty, "%s: %s", s.file, d.Reason)
			assert.Equal(t, s.order, d.ByteOrder, s.file)
		}

		_, err = stackmap.Parse(s.data, s.order)
		require.Error(t, err, s.file)
		assert.ErrorIs(t, err, stackmap.ErrDialect, s.file)
		var de *stackmap.DialectError
		require.ErrorAs(t, err, &de, s.file)
		assert.Equal(t, s.dialect, de.Dialect, s.file)
		var dec *stackmap.DecodeError
		assert.ErrorAs(t, err, &dec, "%s: the fault as LLVM's layout stays reachable", s.file)
		assert.Contains(t, err.Error(), s.dialect.String())
		assert.Contains(t, err.Error(), s.dialect.ReadBy())
	}
}

// TestDialectUpstreamCorpus checks that every checked-in upstream section
// (objects, raw sections, linked binaries, the version 1 and 2 samples)
// is upstream, certainly.
func TestDialectUpstreamCorpus(t *testing.T) {
	n := 0
	for name, s := range corpusSections(t) {
		d := stackmap.DetectDialect(s.Bytes(), s.ByteOrder())
		if d.Dialect != stackmap.DialectUpstream || d.Certainty != stackmap.Certain {
			t.Errorf("%s: %v (%v): %s", name, d.Dialect, d.Certainty, d.Reason)
		}
		n++
	}
	assert.Greater(t, n, 900)
}

// TestDialectRandomTables feeds the detector random tables of each fork:
// each is named, certainly, except a ykllvm table none of whose records
// holds a value, which is byte for byte an upstream table (and reads the
// same). It also counts the tables Parse accepts today as LLVM's (the
// silent misreadings of the issue) and checks the detector tells every
// one of them apart.
func TestDialectRandomTables(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 7))
	cases := []struct {
		name string
		gen  func(bo binary.ByteOrder) []byte
		want stackmap.Dialect
	}{
		{"ykllvm 0-5 values", func(bo binary.ByteOrder) []byte { return randomYk(r, bo, 5, false) }, stackmap.DialectYk},
		{"ykllvm 0-1 values", func(bo binary.ByteOrder) []byte { return randomYk(r, bo, 1, false) }, stackmap.DialectYk},
		{"ykllvm add-locs", func(bo binary.ByteOrder) []byte { return randomYk(r, bo, 5, true) }, stackmap.DialectYkPrologue},
		{"manticore", func(bo binary.ByteOrder) []byte { return randomManticore(r, bo) }, stackmap.DialectManticoreV1},
	}
	for _, c := range cases {
		accepted, upstream, ambiguous := 0, 0, 0
		for i := range 2000 {
			bo := []binary.ByteOrder{binary.LittleEndian, binary.BigEndian}[i%2]
			data := c.gen(bo)
			d := stackmap.DetectDialect(data, bo)
			if _, err := stackmap.Parse(data, bo); err == nil {
				accepted++
			}
			if d.Dialect == stackmap.DialectUpstream && d.Certainty == stackmap.Certain {
				// Only a table that reads the same either way may be upstream.
				upstream++
				require.False(t, hasValues(data, bo), "%s: a table with values detected as upstream: % x", c.name, data)
				continue
			}
			require.Equal(t, c.want, d.Dialect, "%s: %s: % x", c.name, d.Reason, data)
			// Certain means LLVM's layout does not read it with zero reserved
			// bytes: the decoder's zero-reserved check refuses every one Parse
			// accepts today. A few Manticore tables read cleanly both ways
			// (records without locations make the layouts meet): those are
			// Manticore, likely, and Parse reads them as LLVM's version 1.
			if d.Certainty == stackmap.Likely && c.want == stackmap.DialectManticoreV1 {
				ambiguous++
				continue
			}
			require.Equal(t, stackmap.Certain, d.Certainty, "%s: %s: % x", c.name, d.Reason, data)
		}
		t.Logf("%s: %d of 2000 accepted by Parse as LLVM's; %d identical to upstream, %d read cleanly both ways (named likely), the rest named certainly", c.name, accepted, upstream, ambiguous)
		assert.LessOrEqual(t, ambiguous, 20, c.name)
	}
}

// hasValues reports whether an upstream reading of data finds a record
// with a location.
func hasValues(data []byte, bo binary.ByteOrder) bool {
	s, err := stackmap.Parse(data, bo)
	if err != nil {
		return true
	}
	for _, tb := range s.Tables() {
		for _, r := range tb.Records() {
			if r.NumLocations() > 0 {
				return true
			}
		}
	}
	return false
}

// TestDialectSilentCasesRefused is the end-to-end check for the tables
// Parse reads today although they are a fork's (ykllvm tables with at most
// one value per record, some Manticore tables): with Parse's check that
// reserved and padding bytes are zero (helper H4's work on the decoder),
// Parse must refuse each and name its dialect.
func TestDialectSilentCasesRefused(t *testing.T) {
	probe := stackmap.TableSpec{Version: stackmap.Version3, Functions: []stackmap.FunctionSpec{{RecordCount: 1}},
		Records: []stackmap.RecordSpec{{ID: 1, Locations: []stackmap.Location{{Kind: stackmap.Register, Size: 8}}}}}
	data, err := stackmap.AppendTable(nil, &probe, binary.LittleEndian)
	require.NoError(t, err)
	data[16+24+16+1] = 1 // the location's reserved byte
	if _, err := stackmap.Parse(data, binary.LittleEndian); err == nil {
		t.Skip("Parse does not check reserved bytes yet: runs once the decoder's zero-reserved check (branch h19-decoder) is merged")
	}
	r := rand.New(rand.NewPCG(20, 8))
	for i := range 2000 {
		for _, c := range []struct {
			data []byte
			want stackmap.Dialect
		}{{randomYk(r, binary.LittleEndian, 1, false), stackmap.DialectYk}, {randomManticore(r, binary.LittleEndian), stackmap.DialectManticoreV1}} {
			if !hasValues(c.data, binary.LittleEndian) || stackmap.DetectDialect(c.data, binary.LittleEndian).Certainty != stackmap.Certain {
				continue // reads the same either way, or cleanly both ways
			}
			_, err := stackmap.Parse(c.data, binary.LittleEndian)
			require.Error(t, err, "table %d", i)
			if errors.Is(err, stackmap.ErrDialect) {
				var de *stackmap.DialectError
				require.ErrorAs(t, err, &de)
				assert.Equal(t, c.want, de.Dialect)
			}
		}
	}
}

// FuzzDetectDialect checks that no input panics the detector and that
// whatever it names certainly as upstream, Parse reads.
func FuzzDetectDialect(f *testing.F) {
	for _, s := range dialectSamples() {
		f.Add(s.data)
	}
	f.Add(smallSectionForFuzz())
	f.Fuzz(func(t *testing.T, data []byte) {
		d := stackmap.DetectDialect(data, nil)
		if d.Dialect == stackmap.DialectUpstream && d.Certainty == stackmap.Certain {
			if _, err := stackmap.Parse(data, d.ByteOrder); err != nil {
				t.Fatalf("detected as upstream, certainly, but Parse refuses: %v", err)
			}
		}
		for _, bo := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
			if _, err := stackmap.Parse(data, bo); err != nil && errors.Is(err, stackmap.ErrDialect) {
				var de *stackmap.DialectError
				if !errors.As(err, &de) || de.Dialect == stackmap.DialectUnknown || de.Dialect == stackmap.DialectUpstream {
					t.Fatalf("ErrDialect without a named fork: %v", err)
				}
			}
		}
	})
}

func smallSectionForFuzz() []byte {
	var b stackmap.Builder
	b.Spec.Version = stackmap.Version3
	b.AddFunction(0x1000, 16)
	b.AddRecord(stackmap.RecordSpec{ID: 1, Locations: []stackmap.Location{b.Constant(1 << 40)}})
	data, _ := stackmap.AppendTable(nil, &b.Spec, binary.LittleEndian)
	return data
}
