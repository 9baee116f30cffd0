package main

import (
	"encoding/binary"
	"io"
	"math/rand"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/frameslots"
	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/lint"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// TestOutputsNeverPanic mutates real sections at random; whatever still
// decodes must go through every format, check and stats without a panic.
func TestOutputsNeverPanic(t *testing.T) {
	seeds := []string{"objects/llvm19/x86_64-elf/patchpoints.stackmaps.bin", "objects/llvm19/x86_64-elf/statepoints.stackmaps.bin", "linked/x86_64-elf/exe.stackmaps.bin"}
	rng := rand.New(rand.NewSource(1))
	decoded := 0
	for _, s := range seeds {
		orig, err := os.ReadFile(td + s)
		require.NoError(t, err)
		for i := 0; i < 400; i++ {
			data := append([]byte(nil), orig...)
			for n := 1 + rng.Intn(4); n > 0; n-- {
				data[rng.Intn(len(data))] = byte(rng.Intn(256))
			}
			sd := stackmap.NewSectionData(stackmap.SectionData{Format: stackmap.FormatELF, Arch: regs.X86_64, ByteOrder: binary.LittleEndian, Name: ".llvm_stackmaps", Data: data},
				stackmap.Relocations{Symbols: []stackmap.Symbol{{Name: "f", Value: 0, Size: 4}}}, nil)
			sec, err := sd.Parse()
			if err != nil {
				continue
			}
			decoded++
			in := &dumpInput{File: "fuzz", Sections: []*stackmap.SectionData{sd}, Parsed: []*stackmap.Section{sec}}
			for _, name := range []string{"text", "json", "llvm"} {
				require.NotPanics(t, func() { _, _ = formats[name](io.Discard, in, &dumpOptions{filter: &dumpFilter{}}) })
			}
			require.NotPanics(t, func() { checkFile(in, lint.Options{}) })
			require.NotPanics(t, func() { writeStatsTo(io.Discard, in) })
			require.NotPanics(t, func() { drawEveryFrame(in) })
		}
	}
	require.Positive(t, decoded)
}

// drawEveryFrame draws the frame picture of every record of in (no CFI:
// the pictures place nothing), as text and JSON.
func drawEveryFrame(in *dumpInput) {
	var fr frameslots.Frame
	b := textout.NewBuffer(io.Discard)
	forEachTable(in, func(tv *tableView) {
		for _, r := range tv.Table.Records() {
			p := buildFramePicture(&fr, tv, recordViewOf(r), nil)
			writeFramePictureText(b, &p)
			writeFramePictureJSON(b, in.File, &p, false)
			b.Reset()
		}
	})
}
