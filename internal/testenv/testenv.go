// Package testenv lets tests that compile or run things find the external
// tools they need (llc, llvm-readobj, gcc, cross compilers, qemu), skipping
// with a clear message when a tool is absent, or failing instead when the
// environment variable STACKMAPS_REQUIRE_TOOLS=1 is set (as CI does).
package testenv

import (
	"os"
	"os/exec"
	"testing"
)

// RequireEnv is the environment variable that turns a missing tool from a
// skip into a failure.
const RequireEnv = "STACKMAPS_REQUIRE_TOOLS"

// Required reports whether missing tools must fail tests instead of skipping
// them.
func Required() bool { return os.Getenv(RequireEnv) == "1" }

// Need returns the full path of each named program, in order. If any is not
// on PATH the test is skipped, or failed when Required reports true.
func Need(t testing.TB, names ...string) []string {
	t.Helper()
	paths := make([]string, len(names))
	for i, n := range names {
		p, err := exec.LookPath(n)
		if err != nil {
			Missing(t, n+" is not on PATH")
			return nil
		}
		paths[i] = p
	}
	return paths
}

// Missing skips the test with the given reason, or fails it when Required
// reports true.
func Missing(t testing.TB, reason string) {
	t.Helper()
	if Required() {
		t.Fatalf("required tool missing (%s=1): %s", RequireEnv, reason)
	}
	t.Skipf("skipping: %s (install it, or set %s=1 to make this a failure)", reason, RequireEnv)
}
