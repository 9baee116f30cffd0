package liveproc

import (
	"encoding/binary"

	"github.com/stackmaps/stackmaps/procwalk"
)

// ParseAuxv reads an auxiliary vector of a 64-bit process (pairs of 8-byte
// tag and value in the process's byte order, as /proc/PID/auxv and a
// core's NT_AUXV hold it) up to its AT_NULL entry or the end of b; a
// trailing partial entry is ignored. It allocates one entry per pair read.
func ParseAuxv(b []byte, order binary.ByteOrder) []procwalk.AuxEntry {
	var es []procwalk.AuxEntry
	for ; len(b) >= 16; b = b[16:] {
		tag := order.Uint64(b)
		if tag == 0 {
			break
		}
		es = append(es, procwalk.AuxEntry{Tag: tag, Val: order.Uint64(b[8:])})
	}
	return es
}
