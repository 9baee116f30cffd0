// Package reloctest holds what the locator packages' tests share to check
// relocation results against independent sources: the order in which an
// IR file defines functions with stack map records (LLVM emits function
// records in that order), and `nm` listings.
package reloctest

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
)

var (
	defineRE    = regexp.MustCompile(`^define\b.*?@("[^"]+"|[-\w.$]+)\(`)
	intrinsicRE = regexp.MustCompile(`@llvm\.experimental\.(stackmap|patchpoint\.\w+|gc\.statepoint\.[\w.]+)\(`)
)

// StackMapFunctions returns, in definition order, the names of the
// functions the IR file defines that call a stack map intrinsic
// (stackmap, patchpoint, gc.statepoint): the functions LLVM writes a
// function record for, in the order it writes them.
func StackMapFunctions(irPath string) ([]string, error) {
	f, err := os.Open(irPath)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	cur, has := "", false
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := defineRE.FindStringSubmatch(line); m != nil {
			cur, has = strings.Trim(m[1], `"`), false
			continue
		}
		if cur == "" {
			continue
		}
		if strings.HasPrefix(line, "}") {
			if has {
				out = append(out, cur)
			}
			cur = ""
			continue
		}
		if !has && !strings.HasPrefix(strings.TrimSpace(line), ";") && intrinsicRE.MatchString(line) {
			has = true
		}
	}
	return out, sc.Err()
}

// NMSymbol is one line of `nm` output.
type NMSymbol struct {
	Value uint64
	Type  byte // nm's letter: T, t, D, d, W...
	Name  string
}

// ParseNM reads `nm` output ("value type name" lines; undefined symbols,
// which have no value, are skipped) into a map from name to symbols of
// that name.
func ParseNM(text string) (map[string][]NMSymbol, error) {
	out := make(map[string][]NMSymbol)
	for i, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) != 3 {
			continue
		}
		v, err := strconv.ParseUint(f[0], 16, 64)
		if err != nil || len(f[1]) != 1 {
			return nil, fmt.Errorf("nm line %d: %q", i+1, line)
		}
		out[f[2]] = append(out[f[2]], NMSymbol{Value: v, Type: f[1][0], Name: f[2]})
	}
	return out, nil
}

// ReadNM reads a file of `nm` output; see ParseNM.
func ReadNM(path string) (map[string][]NMSymbol, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseNM(string(b))
}
