package regs

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// WriteTable writes the architecture's register table to w, one register
// per line as "NUMBER NAME", sorted by number, NAME being the register's
// PreferredName; where that is not its canonical Name (riscv64's ABI
// names) the canonical name follows in parentheses: "10 a0 (x10)". This
// is the output of `stackmaps regs --arch ARCH`.
func WriteTable(w io.Writer, a Arch) error {
	t := tableOf(a)
	if t == nil {
		return fmt.Errorf("regs: no register table for architecture %s", a)
	}
	bw := bufio.NewWriter(w)
	var line []byte
	for i := range t {
		r := &t[i]
		name := r.Preferred(a)
		line = append(strconv.AppendUint(line[:0], uint64(r.Num), 10), ' ')
		line = append(line, name...)
		if name != r.Name {
			line = append(append(append(line, " ("...), r.Name...), ')')
		}
		bw.Write(append(line, '\n'))
	}
	return bw.Flush()
}
