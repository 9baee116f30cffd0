package corefile_test

import (
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/corefile"
	"github.com/stackmaps/stackmaps/internal/coretest"
	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/regs"
)

// TestCoreRegistersAgainstGDB reads a kernel core of testdata/core's
// x86_64 program (two threads) and compares every thread's id and its
// general-purpose and SSE registers with what gdb reads from the same core.
func TestCoreRegistersAgainstGDB(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and crashes a program")
	}
	gdb := testenv.Need(t, "gdb")[0]
	b := coretest.Build{Arch: "x86_64", PIE: true, Mode: "patchpoint", Crash: "segv"}
	c := coretest.KernelCore(t, coretest.Compile(t, b, t.TempDir()))
	f, err := corefile.Open(c.Path)
	require.NoError(t, err)
	defer f.Close()
	require.Len(t, f.Threads, 2)

	names := []string{"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "rip"}
	args := []string{"-nx", "-batch", "-ex", "thread apply all info registers " + strings.Join(names, " ")}
	for i := range 16 {
		args = append(args, "-ex", "thread apply all p/x $xmm"+strconv.Itoa(i)+".v2_int64[0]")
	}
	args = append(args, "-c", c.Path, c.Exe)
	out, err := exec.Command(gdb, args...).CombinedOutput()
	require.NoError(t, err, "%s", out)

	// gdb: "Thread N (Thread 0x... (LWP TID)):" then "NAME 0xVALUE ..." or "$K = 0xVALUE".
	lwp := regexp.MustCompile(`\(LWP (\d+)\)\)?:`)
	reg := regexp.MustCompile(`^(\w+)\s+(0x[0-9a-f]+)\s`)
	val := regexp.MustCompile(`^\$\d+ = (0x[0-9a-f]+)$`)
	want := map[int]map[string]uint64{}
	xmmRound := map[int]int{}
	tid := 0
	for _, line := range strings.Split(string(out), "\n") {
		if m := lwp.FindStringSubmatch(line); m != nil {
			tid, _ = strconv.Atoi(m[1])
			if want[tid] == nil {
				want[tid] = map[string]uint64{}
			}
			continue
		}
		if m := reg.FindStringSubmatch(line); m != nil && tid != 0 {
			want[tid][m[1]], _ = strconv.ParseUint(m[2], 0, 64)
		}
		if m := val.FindStringSubmatch(line); m != nil && tid != 0 {
			v, _ := strconv.ParseUint(m[1], 0, 64)
			want[tid]["xmm"+strconv.Itoa(xmmRound[tid])] = v
			xmmRound[tid]++
		}
	}
	require.Len(t, want, 2, "gdb's threads:\n%s", out)
	for _, th := range f.Threads {
		w, ok := want[th.TID]
		require.True(t, ok, "thread %d not in gdb's list", th.TID)
		assert.Equal(t, w["rip"], th.Regs.PC, "thread %d rip", th.TID)
		assert.Equal(t, w["rsp"], th.Regs.SP, "thread %d rsp", th.TID)
		for _, n := range names {
			r, ok := regs.Lookup(regs.X86_64, n)
			require.True(t, ok, n)
			got, ok := th.Regs.Register(r)
			assert.True(t, ok, n)
			assert.Equal(t, w[n], got, "thread %d %s", th.TID, n)
		}
		require.True(t, th.Regs.HasFP, "NT_PRFPREG")
		for i := range 16 {
			n := "xmm" + strconv.Itoa(i)
			r, ok := regs.Lookup(regs.X86_64, n)
			require.True(t, ok, n)
			got, _ := th.Regs.Register(r)
			assert.Equal(t, w[n], got, "thread %d %s low 64 bits", th.TID, n)
		}
	}
	assert.Equal(t, 11, f.Threads[f.Crashed()].Signal)
}
