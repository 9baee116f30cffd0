package faultmap_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/faultmap"
	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/objfile"
)

// execTarget is a machine the proof runs on: how to compile, link and run.
type execTarget struct {
	name    string
	triple  string
	cc      string
	run     []string // the emulator, or nothing to run natively
	sysroot string   // the emulator's -L for a dynamically linked program
}

var execTargets = []execTarget{
	{"x86_64", "x86_64-unknown-linux-gnu", "gcc", nil, ""},
	{"aarch64", "aarch64-unknown-linux-gnu", "aarch64-linux-gnu-gcc", []string{"qemu-aarch64-static"}, "/usr/aarch64-linux-gnu"},
}

// What each case of main.c returns: the null branches' values when the
// pointer is null (load_or 77, load_plus -7, two_checks -1 and -2, field
// 42; store and increment return nothing: 0 is printed after them), the
// loaded values otherwise. caseFunction names the function a case's fault
// is in.
var (
	wantResults = map[string]int64{
		"load_or": 5, "load_or_null": 77, "load_plus": 25, "load_plus_null": -7,
		"store": 9, "store_null": 0, "two_checks": 16, "two_checks_p_null": -1,
		"two_checks_q_null": -2, "increment": 8, "increment_null": 0, "field": 12, "field_null": 42,
	}
	caseFunction = map[string]string{
		"load_or": "load_or", "load_plus": "load_plus", "store": "store", "two_checks_p": "two_checks",
		"two_checks_q": "two_checks", "increment": "increment", "field": "field",
	}
)

// TestResumeAtHandler is the proof by execution. For llc 14, 19 and 22,
// on x86_64 natively and on AArch64 under qemu: nullcheck.ll and more.ll
// are compiled with -enable-implicit-null-checks and linked with main.c,
// static and as a PIE (loaded at a bias; the section's addresses carry
// dynamic relocations); this test decodes the executable's fault map
// through objfile and this package, writes the index's (faulting pc,
// handler pc) pairs, at link-time addresses, for the program's SIGSEGV
// handler (which adds its load bias), and runs it. Each function is called with a
// null pointer: its load or store faults, the handler resumes at the pc
// the fault map names, and the function returns its null branch's value.
// The test checks that every fault the program took is at a pc the index
// holds, in the function the case calls, that it resumed at the index's
// handler pc, that every function in the fault map faulted, and every
// value the program computed.
func TestResumeAtHandler(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs programs")
	}
	for _, tg := range execTargets {
		for _, v := range []string{"14", "19", "22"} {
			for _, pie := range []bool{false, true} {
				link := "static"
				if pie {
					link = "pie"
				}
				t.Run(tg.name+"/llc-"+v+"/"+link, func(t *testing.T) {
					tools := append([]string{"llc-" + v, tg.cc}, tg.run...)
					if testenv.Need(t, tools...) == nil {
						return
					}
					prog := buildProg(t, tg, v, pie)
					checkRun(t, tg, prog, pie)
				})
			}
		}
	}
}

func buildProg(t *testing.T, tg execTarget, v string, pie bool) string {
	t.Helper()
	dir := t.TempDir()
	var objs []string
	for _, ir := range []string{"nullcheck.ll", "more.ll"} {
		out := filepath.Join(dir, strings.TrimSuffix(ir, ".ll")+".o")
		args := []string{"-O2", "-enable-implicit-null-checks", "-mtriple=" + tg.triple, "-filetype=obj", filepath.Join(dataDir, ir), "-o", out}
		if v == "14" {
			args = append([]string{"-opaque-pointers"}, args...)
		}
		if pie {
			args = append([]string{"-relocation-model=pic"}, args...)
		}
		if out, err := exec.Command("llc-"+v, args...).CombinedOutput(); err != nil {
			t.Fatalf("llc-%s %s: %v\n%s", v, ir, err, out)
		}
		objs = append(objs, out)
	}
	prog := filepath.Join(dir, "prog")
	link := []string{"-static"}
	if pie {
		// The section's absolute addresses need text relocations in a
		// PIE (ld warns: DT_TEXTREL).
		link = []string{"-fPIE", "-pie"}
	}
	args := append(append(link, "-O1", "-o", prog, filepath.Join(dataDir, "main.c")), objs...)
	if out, err := exec.Command(tg.cc, args...).CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", tg.cc, strings.Join(args, " "), err, out)
	}
	return prog
}

func checkRun(t *testing.T, tg execTarget, prog string, pie bool) {
	t.Helper()
	f, err := objfile.OpenOptions(prog, objfile.Options{AllowNoSection: true})
	require.NoError(t, err)
	defer f.Close()
	sds, err := f.FaultMaps()
	require.NoError(t, err)
	s, err := faultmap.NewSection(sds[0])
	require.NoError(t, err)
	require.Equal(t, 2, s.NumTables(), "one table per module")
	x := faultmap.NewIndex(s)
	require.Positive(t, x.Len())

	var table bytes.Buffer
	loadOr := -1
	for i := range s.NumFunctions() {
		if s.Function(i).Name() == "load_or" {
			loadOr = i
		}
	}
	require.GreaterOrEqual(t, loadOr, 0, "load_or is in the fault map")
	fmt.Fprintf(&table, "load_or %x\n", s.Function(loadOr).Address())
	for i := range x.Len() {
		e := x.Entry(i)
		fmt.Fprintf(&table, "%x %x\n", e.FaultingPC, e.HandlerPC)
	}
	tablePath := filepath.Join(filepath.Dir(prog), "table.txt")
	require.NoError(t, os.WriteFile(tablePath, table.Bytes(), 0o644))

	argv := append([]string{}, tg.run...)
	if pie && tg.sysroot != "" {
		argv = append(argv, "-L", tg.sysroot)
	}
	argv = append(argv, prog, tablePath)
	out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput()
	require.NoError(t, err, "%s", out)

	results := map[string]int64{}
	faulted := map[string]bool{}
	var bias uint64
	sawBias := false
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		switch {
		case len(fields) == 2 && fields[0] == "bias":
			bias, err = strconv.ParseUint(strings.TrimPrefix(fields[1], "0x"), 16, 64)
			require.NoError(t, err)
			sawBias = true
		case len(fields) == 3 && fields[0] == "result":
			n, err := strconv.ParseInt(fields[2], 10, 64)
			require.NoError(t, err)
			results[fields[1]] = n
		case len(fields) == 4 && fields[0] == "fault":
			pc, err := strconv.ParseUint(strings.TrimPrefix(fields[2], "pc=0x"), 16, 64)
			require.NoError(t, err)
			resume, err := strconv.ParseUint(strings.TrimPrefix(fields[3], "resume=0x"), 16, 64)
			require.NoError(t, err)
			require.True(t, sawBias, "the bias comes first")
			e, ok := x.Lookup(pc, bias)
			require.True(t, ok, "fault at %#x (bias %#x): not in the index", pc, bias)
			assert.Equal(t, e.HandlerPC+bias, resume)
			fn := s.Function(e.Function)
			assert.Equal(t, caseFunction[fields[1]], fn.Name(), "fault of case %s at %#x", fields[1], pc)
			faulted[fn.Name()] = true
		default:
			t.Fatalf("unexpected output line %q", sc.Text())
		}
	}
	assert.Equal(t, wantResults, results, "%s", out)
	if !pie {
		assert.Zero(t, bias, "a static executable runs where it is linked")
	} else if tg.run == nil {
		assert.NotZero(t, bias, "a PIE is loaded at a bias")
	}
	for i := range s.NumFunctions() {
		assert.True(t, faulted[s.Function(i).Name()], "%s is in the fault map but never faulted", s.Function(i).Name())
	}
	t.Logf("%d faults taken and resumed at bias %#x, %d functions in the fault map", strings.Count(string(out), "fault "), bias, s.NumFunctions())
}
