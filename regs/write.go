package regs

import (
	"bufio"
	"fmt"
	"io"
)

// WriteTable writes the architecture's register table to w, one register
// per line as "NUMBER NAME" (the canonical name), sorted by number. This is
// the output of `stackmaps regs --arch ARCH`.
func WriteTable(w io.Writer, a Arch) error {
	t := tableOf(a)
	if t == nil {
		return fmt.Errorf("regs: no register table for architecture %s", a)
	}
	bw := bufio.NewWriter(w)
	for _, r := range t {
		fmt.Fprintf(bw, "%d %s\n", r.Num, r.Name)
	}
	return bw.Flush()
}
