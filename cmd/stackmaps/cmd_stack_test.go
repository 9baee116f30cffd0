package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/corefile"
	"github.com/stackmaps/stackmaps/internal/coretest"
	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/stackmap"
)

// stackJSONSlot is a deopt value or root half of "stack --format json".
type stackJSONSlot struct {
	Kind     string `json:"kind"`
	Reg      uint16 `json:"reg"`
	Size     int    `json:"size"`
	Known    bool   `json:"known"`
	Value    string `json:"value"`
	Home     string `json:"home"`
	HomeAddr string `json:"home_addr"`
}

// stackJSONLine is one line of "stack --format json".
type stackJSONLine struct {
	Type   string  `json:"type"`
	TID    int     `json:"tid"`
	Signal int     `json:"signal"`
	Index  int     `json:"index"`
	PC     string  `json:"pc"`
	CFA    string  `json:"cfa"`
	SP     string  `json:"sp"`
	Symbol *string `json:"symbol"`
	// Frames: the pc's kind and the signal frame's mark.
	PCIsReturnAddress bool `json:"pc_is_return_address"`
	SignalFrame       bool `json:"signal_frame"`
	Record            *struct {
		ID         string `json:"id"`
		Statepoint bool   `json:"statepoint"`
	} `json:"record"`
	Deopt  []stackJSONSlot            `json:"deopt"`
	Roots  []map[string]stackJSONSlot `json:"roots"`
	Reason string                     `json:"reason"`
}

func hexField(t *testing.T, s string) uint64 {
	t.Helper()
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "0x"), 16, 64)
	require.NoError(t, err, "hex string %q", s)
	return v
}

func jsonSlot(t *testing.T, s stackJSONSlot) coretest.Value {
	v := coretest.Value{Reg: s.Reg, Size: s.Size, Known: s.Known}
	for k := stackmap.Kind(1); k.Valid(); k++ {
		if k.String() == s.Kind {
			v.Kind = k
		}
	}
	if s.Known {
		v.Bits = hexField(t, s.Value)
		if s.Home == "memory" {
			v.InMemory, v.HomeAddr = true, hexField(t, s.HomeAddr)
		}
	}
	return v
}

// TestCoreStackJSON crashes the x86_64 programs, walks their cores with
// "stackmaps stack --core CORE EXE --format json" and checks every frame of
// the crashed thread against the program's record.
func TestCoreStackJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and crashes programs")
	}
	dir := t.TempDir()
	for _, b := range []coretest.Build{
		{Arch: "x86_64", PIE: true, Mode: "statepoint", Crash: "abort"},
		{Arch: "x86_64", PIE: false, Mode: "patchpoint", Crash: "segv"},
		{Arch: "aarch64", PIE: true, Mode: "statepoint", Crash: "segv"},
		{Arch: "s390x", PIE: false, Mode: "patchpoint", Crash: "abort"},
		// Inside a signal handler: glibc's trampoline (CFI "S"), qemu's
		// (recognised by its code).
		{Arch: "x86_64", PIE: true, Mode: "statepoint", Crash: "push"},
		{Arch: "aarch64", PIE: false, Mode: "patchpoint", Crash: "sigsegv"},
	} {
		t.Run(b.Arch+"/"+b.Mode+"/"+b.Crash, func(t *testing.T) {
			exe := coretest.Compile(t, b, dir)
			var c *coretest.Core
			var extra []string
			if b.Arch == "x86_64" {
				c = coretest.KernelCore(t, exe)
			} else {
				c = coretest.QEMUCore(t, b.Arch, exe)
				extra = []string{"--sysroot", coretest.Sysroot(b.Arch)}
			}
			var out, errb bytes.Buffer
			status := run(append([]string{"stack", "--core", c.Path, exe, "--format", "json"}, extra...), &out, &errb)
			require.Equal(t, exitOK, status, "stderr: %s", errb.String())
			var frames []coretest.Frame
			var threads, ends, crashedTID, idleTID, modules int
			sc := bufio.NewScanner(&out)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				var l stackJSONLine
				require.NoError(t, json.Unmarshal(sc.Bytes(), &l), "line %s", sc.Text())
				switch l.Type {
				case "thread":
					threads++
					if threads == 1 {
						assert.Equal(t, b.Signal(), l.Signal)
						crashedTID = l.TID
					} else {
						idleTID = l.TID
					}
				case "end":
					ends++
					assert.Equal(t, "return address undefined", l.Reason)
				case "frame":
					if l.TID != crashedTID {
						continue
					}
					fr := coretest.Frame{Index: l.Index, PC: hexField(t, l.PC), CFA: hexField(t, l.CFA), SP: hexField(t, l.SP),
						Signal: l.SignalFrame, Interrupted: !l.PCIsReturnAddress}
					if l.Symbol != nil {
						fr.Func = *l.Symbol
					}
					if l.Record != nil {
						fr.HasRecord, fr.ID, fr.Statepoint = true, hexField(t, l.Record.ID), l.Record.Statepoint
					}
					for _, s := range l.Deopt {
						fr.Deopt = append(fr.Deopt, jsonSlot(t, s))
					}
					for _, r := range l.Roots {
						fr.Roots = append(fr.Roots, [2]coretest.Value{jsonSlot(t, r["base"]), jsonSlot(t, r["derived"])})
					}
					frames = append(frames, fr)
				case "module":
					modules++
				default:
					t.Errorf("unknown line type %q", l.Type)
				}
			}
			assert.Equal(t, 2, threads, "the crashed thread and core_idle's")
			assert.Equal(t, 2, ends)
			assert.GreaterOrEqual(t, modules, 3, "the program, libc, the dynamic linker")
			f, err := corefile.Open(c.Path)
			require.NoError(t, err)
			defer f.Close()
			st := coretest.Check(t, b, c.Record, frames, f, f.Threads[0].Regs.HasFP)
			assert.Equal(t, 5, st.Frames)
			if b.Handler() {
				coretest.CheckSignal(t, b, c, frames)
			}
			t.Logf("%s core: %d frames; checked %d values, %d roots; %d caller-saved values unknown, %d lost with the FP registers",
				c.By, len(frames), st.Values, st.Roots, st.Skipped, st.LostFP)

			// The text output names the same functions and records.
			out.Reset()
			require.Equal(t, exitOK, run(append([]string{"stack", "--core", c.Path, exe}, extra...), &out, &errb), errb.String())
			text := out.String()
			for _, want := range []string{"signal " + strconv.Itoa(b.Signal()), "core_crash+0x", "walk_d+0x", "walk_a+0x",
				"record id 0xd4", "record id 0xa1", "main+0x", "end: return address undefined"} {
				assert.Contains(t, text, want)
			}
			if b.Handler() {
				assert.Contains(t, text, " [signal frame] ")
				assert.Contains(t, text, " [interrupted] ")
			}
			if b.Mode == "statepoint" {
				assert.Contains(t, text, "root 0 base: ")
			} else {
				assert.Contains(t, text, "unknown (register not preserved in this frame)")
			}

			// --frames and --thread.
			out.Reset()
			require.Equal(t, exitOK, run(append([]string{"stack", "--core", c.Path, exe, "--frames", "2", "--format=json"}, extra...), &out, &errb))
			assert.Equal(t, 8, strings.Count(out.String(), `"type":"thread"`)+strings.Count(out.String(), `"type":"frame"`)+strings.Count(out.String(), `"type":"end"`), "per thread: thread, 2 frames, end")
			assert.Equal(t, 2, strings.Count(out.String(), `"reason":"frame limit"`))
			out.Reset()
			require.Equal(t, exitOK, run(append([]string{"stack", "--core", c.Path, exe, "--thread", strconv.Itoa(idleTID)}, extra...), &out, &errb))
			assert.Contains(t, out.String(), "core_idle+0x")
			assert.NotContains(t, out.String(), "walk_d")
			out.Reset()
			errb.Reset()
			assert.Equal(t, exitFail, run(append([]string{"stack", "--core", c.Path, exe, "--thread", "1"}, extra...), &out, &errb))
			assert.Contains(t, errb.String(), "no thread 1")

			// A truncated core (a core size limit, a full disk) is read
			// as far as it goes: the stack is gone, the walk fails.
			data, err := os.ReadFile(c.Path)
			require.NoError(t, err)
			cut := filepath.Join(t.TempDir(), "cut.core")
			require.NoError(t, os.WriteFile(cut, data[:len(data)/2], 0o600))
			errb.Reset()
			assert.Equal(t, exitFail, run(append([]string{"stack", "--core", cut, exe}, extra...), &out, &errb))
			assert.Contains(t, errb.String(), "is truncated")
		})
	}
}

func TestStackUsage(t *testing.T) {
	var out, errb bytes.Buffer
	assert.Equal(t, exitUsage, run([]string{"stack"}, &out, &errb))
	assert.Contains(t, errb.String(), "--core is required")
	errb.Reset()
	assert.Equal(t, exitUsage, run([]string{"stack", "--core", "x", "--format", "xml"}, &out, &errb))
	assert.Contains(t, errb.String(), "unknown format")
	errb.Reset()
	assert.Equal(t, exitUsage, run([]string{"stack", "--core", "x", "a", "b"}, &out, &errb))
	errb.Reset()
	assert.Equal(t, exitFail, run([]string{"stack", "--core", filepath.Join(t.TempDir(), "none")}, &out, &errb))
	assert.Contains(t, errb.String(), "no such file")
	errb.Reset()
	notCore := filepath.Join(t.TempDir(), "notcore")
	require.NoError(t, os.WriteFile(notCore, []byte("\x7fELF garbage that is not a core file at all, no......................................."), 0o644))
	assert.Equal(t, exitFail, run([]string{"stack", "--core", notCore}, &out, &errb))
	assert.Contains(t, errb.String(), "malformed core file")
	out.Reset()
	assert.Equal(t, exitOK, run([]string{"stack", "--help"}, &out, &errb))
	assert.Contains(t, out.String(), "Usage: stackmaps stack --core CORE [EXE]")
}

// TestStackNamesEscaped checks that names from files cannot forge output:
// text quotes them, JSON keeps invalid UTF-8 losslessly beside the string.
func TestStackNamesEscaped(t *testing.T) {
	assert.Equal(t, "walk_d", textout.Escape("walk_d"))
	assert.Equal(t, `a\nthread 1`, textout.Escape("a\nthread 1"))
	assert.Equal(t, `\xff`, textout.Escape("\xff"))
	assert.Equal(t, "open /lib/x y: no such file", textout.Escape("open /lib/x y: no such file"))
	var buf bytes.Buffer
	out := textout.NewBuffer(&buf)
	j := textout.NewJSON(out)
	j.OpenObject()
	j.Name("module", "/lib/\xffx\n")
	j.CloseObject()
	require.NoError(t, out.Flush())
	var got map[string]string
	require.NoError(t, json.Unmarshal(buf.Bytes(), &got), buf.String())
	assert.Equal(t, "2f6c69622fff780a", got["module_hex"])
	assert.Equal(t, "/lib/\ufffdx\n", got["module"])
}
