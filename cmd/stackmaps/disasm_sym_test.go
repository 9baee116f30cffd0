package main

import (
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
)

// TestDisasmTargetNamesMatchObjdump: every call or branch target --disasm
// names is the name llvm-objdump-22 -d -r gives the same instruction: the
// "<name>" on its line in a linked file, the symbol of the relocation
// under it in an object.
func TestDisasmTargetNamesMatchObjdump(t *testing.T) {
	testenv.Need(t, "llvm-objdump-22")
	td := "../../testdata/"
	line := regexp.MustCompile(`^\s+(?:call|insn)\s+0x([0-9a-f]+): .* <([^>]+)>$`)
	for _, path := range []string{td + "linked/x86_64-elf/exe", td + "objects/llvm22/x86_64-elf/kinds.o",
		td + "objects/llvm22/aarch64-elf/kinds.o", td + "linked/aarch64-elf/libstackmaps.so"} {
		t.Run(path, func(t *testing.T) {
			out, stderr, status := runTool("dump", "--disasm", path)
			require.Equal(t, exitOK, status, stderr)
			od, err := exec.Command("llvm-objdump-22", "-d", "-r", path).Output()
			require.NoError(t, err)
			odLines := strings.Split(string(od), "\n")
			named := 0
			for _, l := range strings.Split(out, "\n") {
				m := line.FindStringSubmatch(l)
				if m == nil {
					continue
				}
				addr, _ := strconv.ParseUint(m[1], 16, 64)
				prefix := strconv.FormatUint(addr, 16) + ":"
				found := false
				for i, ol := range odLines {
					if strings.TrimSpace(ol) == "" || !strings.HasPrefix(strings.TrimSpace(ol), prefix) {
						continue
					}
					if strings.Contains(ol, "<"+m[2]+">") {
						found = true
					} else if i+1 < len(odLines) && strings.Contains(odLines[i+1], "R_") {
						f := strings.Fields(odLines[i+1])
						found = strings.HasPrefix(f[len(f)-1], m[2])
					}
					break
				}
				assert.True(t, found, "%s: objdump does not name %s at %#x", path, m[2], addr)
				named++
			}
			t.Logf("%d targets named", named)
		})
	}
}
