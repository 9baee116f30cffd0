package stackmap

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Dialect names a layout of stack map section: LLVM's own, or one of the
// forks that wrote other layouts under LLVM's version bytes
// (stackmap/FORMAT.md, "Dialects", gives each layout and its source).
type Dialect uint8

// The dialects DetectDialect tells apart.
const (
	// DialectUnknown: the bytes fit none of the layouts below.
	DialectUnknown Dialect = iota
	// DialectUpstream: LLVM's layout, versions 1 to 3; Parse reads it.
	DialectUpstream
	// DialectYk: ykjit's ykllvm, "version 3" with a count byte before the
	// locations of each live value.
	DialectYk
	// DialectYkPrologue: ykllvm with -yk-stackmap-add-locs, as yk builds:
	// after the records, a prologue entry per function (frame pointer,
	// callee-saved spills), and extra i16 locations after each location
	// (or not: yk's parser yksmp reads the entries after plain locations).
	DialectYkPrologue
	// DialectMicrosoftV2: the "StackMap v2" proposal shipped in
	// microsoft/llvm: a header of section offsets, fixed-size function and
	// call site records, shared location and live-out arrays.
	DialectMicrosoftV2
	// DialectManticoreV1: ManticoreProject's "version 1": version 1
	// records with 24-byte function records that count their records.
	DialectManticoreV1
	// DialectPreVersion1: the unversioned layouts of late 2013 to early
	// 2014 (LLVM 3.4; WebKit's FTL, Pyston): no version byte, no padding;
	// detected when the first byte is 0.
	DialectPreVersion1
)

var dialectNames = [...]string{
	DialectUnknown:     "unknown",
	DialectUpstream:    "LLVM",
	DialectYk:          "ykllvm",
	DialectYkPrologue:  "ykllvm with prologue entries (-yk-stackmap-add-locs)",
	DialectMicrosoftV2: "Microsoft StackMap v2",
	DialectManticoreV1: "Manticore version 1",
	DialectPreVersion1: "unversioned pre-release (LLVM 3.4 and before)",
}

// readers says, for each dialect, what reads it.
var dialectReaders = [...]string{
	DialectUnknown:     "",
	DialectUpstream:    "this package, llvm-readobj --stackmap",
	DialectYk:          "yk's stack map parser (ykjit/yk, yksmp)",
	DialectYkPrologue:  "yk's stack map parser (ykjit/yk, yksmp)",
	DialectMicrosoftV2: "microsoft/llvm's StackMapV2Parser (its llvm-readobj --stackmap)",
	DialectManticoreV1: "ManticoreProject/llvm's StackMapV1Parser and the Manticore runtime",
	DialectPreVersion1: "the consumers of 2013 and early 2014 (WebKit's FTL, Pyston), no LLVM tool",
}

// String returns the dialect's name ("ykllvm", "Microsoft StackMap v2").
func (d Dialect) String() string {
	if int(d) < len(dialectNames) {
		return dialectNames[d]
	}
	return fmt.Sprintf("Dialect(%d)", uint8(d))
}

// ReadBy says what reads sections of the dialect ("" for DialectUnknown).
func (d Dialect) ReadBy() string {
	if int(d) < len(dialectReaders) {
		return dialectReaders[d]
	}
	return ""
}

// Certainty says how sure DetectDialect is.
type Certainty uint8

const (
	// Possible: a version byte or header the dialect uses, nothing more.
	Possible Certainty = iota
	// Likely: the bytes fit the dialect but also another layout, or fit it
	// only in part.
	Likely
	// Certain: the dialect's layout walks the bytes exactly, every count,
	// kind and reserved field as its emitter writes them, and no other
	// layout does.
	Certain
)

// String returns "possible", "likely" or "certain".
func (c Certainty) String() string {
	switch c {
	case Likely:
		return "likely"
	case Certain:
		return "certain"
	}
	return "possible"
}

// Detection is what DetectDialect finds.
type Detection struct {
	Dialect   Dialect
	Version   uint8            // the first byte of the section, as stored
	Certainty Certainty        // how sure
	ByteOrder binary.ByteOrder // the byte order the layout walks in; nil for DialectUnknown
	Reason    string           // what in the bytes says so, in words
}

// DetectDialect says which layout the section bytes data are in, and how
// sure it is, by walking them as each dialect lays them out (see
// FORMAT.md, "Dialects"). byteOrder is the target's; nil tries both. It
// walks the bytes once per layout (linear in their length, a count never
// trusted before the bytes it needs are there) and allocates no more than
// Parse does.
//
// A section Parse reads with every reserved and padding byte zero is
// upstream, certainly, unless a Manticore walk of a version 1 table also
// succeeds (then Manticore, likely). A fork whose records hold no values
// at all is byte for byte an upstream table, and reads the same as one.
func DetectDialect(data []byte, byteOrder binary.ByteOrder) Detection {
	if byteOrder != nil {
		return detect(data, orderOf(byteOrder), parsesUpstream(data, orderOf(byteOrder)))
	}
	best := Detection{}
	for _, bo := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		ord := orderOf(bo)
		d := detect(data, ord, parsesUpstream(data, ord))
		if d.Certainty == Certain {
			return d
		}
		if best.Dialect == DialectUnknown || d.Certainty > best.Certainty {
			best = d
		}
	}
	return best
}

// upstreamRead is what Parse makes of bytes: refused, read with a
// reserved or padding byte that is not zero, or read as LLVM writes it.
type upstreamRead uint8

const (
	upstreamRefused upstreamRead = iota
	upstreamDirty
	upstreamClean
)

func parsesUpstream(data []byte, ord order) upstreamRead {
	s, err := parse(data, ord, nil)
	if err != nil {
		return upstreamRefused
	}
	if !reservedZero(s) {
		return upstreamDirty
	}
	return upstreamClean
}

// reservedZero reports whether every reserved field and padding byte of s
// is zero, as llc writes them.
func reservedZero(s *Section) bool {
	for _, t := range s.Tables() {
		if r0, r1 := t.Reserved(); r0 != 0 || r1 != 0 {
			return false
		}
		for _, r := range t.Records() {
			if r.Flags() != 0 || r.LiveOutPadding() != 0 || !r.paddingZero() {
				return false
			}
			for i := range r.NumLocations() {
				if a, b, _ := r.LocationReserved(i); a != 0 || b != 0 {
					return false
				}
			}
			for _, lo := range r.LiveOuts() {
				if lo.Reserved != 0 {
					return false
				}
			}
		}
	}
	return true
}

// detect says which dialect data is, read in ord; up is what Parse makes
// of it.
func detect(data []byte, ord order, up upstreamRead) Detection {
	if len(data) == 0 {
		return Detection{Reason: "no bytes"}
	}
	d := Detection{Version: data[0], ByteOrder: ord.ByteOrder()}
	found := func(dl Dialect, c Certainty, format string, args ...any) Detection {
		d.Dialect, d.Certainty, d.Reason = dl, c, fmt.Sprintf(format, args...)
		return d
	}
	switch data[0] {
	case 0:
		if v := walkPreVersion(data, ord); v != "" {
			return found(DialectPreVersion1, Certain, "a first 32-bit word of 0 and records that walk the bytes exactly in the %s layout", v)
		}
		return found(DialectPreVersion1, Possible, "a first byte of 0 (LLVM 3.4's unversioned layout), but no early layout walks the bytes exactly")
	case 1:
		manticore := walkSections(data, ord, walkManticoreTable)
		switch {
		case manticore && up == upstreamClean:
			return found(DialectManticoreV1, Likely, "version 1 tables that walk both as LLVM's and as Manticore's (24-byte function records whose counts sum to the records)")
		case manticore:
			return found(DialectManticoreV1, Certain, "version 1 tables with 24-byte function records whose counts sum to the records, which LLVM's version 1 layout does not read")
		}
	case 2:
		if up != upstreamClean && walkMicrosoftV2(data, ord) {
			return found(DialectMicrosoftV2, Certain, "a version 2 header of section offsets (constants at %d) whose function, record, location and live-out arrays fit each other exactly", ord.U32(data, 8))
		}
	case 3:
		if up != upstreamClean {
			if walkSections(data, ord, walkYkTable(true, true)) {
				return found(DialectYkPrologue, Certain, "version 3 records with a count byte per live value and extra locations per location, then a prologue entry per function, walking the bytes exactly")
			}
			if walkSections(data, ord, walkYkTable(false, true)) {
				return found(DialectYkPrologue, Certain, "version 3 records with a count byte per live value, then a prologue entry per function, walking the bytes exactly")
			}
			if walkSections(data, ord, walkYkTable(true, false)) {
				return found(DialectYk, Certain, "version 3 records with a count byte per live value and extra locations per location, walking the bytes exactly")
			}
			if walkSections(data, ord, walkYkTable(false, false)) {
				return found(DialectYk, Certain, "version 3 records with a count byte before the locations of each live value, walking the bytes exactly")
			}
		}
	}
	switch up {
	case upstreamClean:
		return found(DialectUpstream, Certain, "LLVM's version %d layout reads every table, every reserved and padding byte zero", data[0])
	case upstreamDirty:
		return found(DialectUpstream, Likely, "LLVM's version %d layout reads every table, but some reserved or padding bytes are not zero", data[0])
	}
	return Detection{Version: data[0], Reason: "no known layout walks the bytes"}
}

// ErrDialect matches the error Parse returns for a section in another
// dialect than LLVM's (a *DialectError).
var ErrDialect = errors.New("stack map section in a non-LLVM dialect")

// DialectError is Parse's refusal of a section that another project wrote
// in its own layout: it names the dialect and wraps what Parse found
// wrong reading the bytes as LLVM's (a *DecodeError).
type DialectError struct {
	Detection       // the dialect, how certain, and why
	Err       error // the fault Parse found, read as LLVM's layout
}

// Error names the dialect, how sure and why, what reads it, and the
// fault found reading the bytes as LLVM's, e.g. "stackmap: not LLVM's
// layout but ykllvm (certain: ...); what reads it: yk's runtime ...; read
// as LLVM's: stackmap: table 0, ...".
func (e *DialectError) Error() string {
	return fmt.Sprintf("stackmap: not LLVM's layout but %s (%s: %s); what reads it: %s; read as LLVM's: %v",
		e.Dialect, e.Certainty, e.Reason, e.Dialect.ReadBy(), e.Err)
}

// Unwrap returns the fault Parse found.
func (e *DialectError) Unwrap() error { return e.Err }

// Is reports whether target is ErrDialect.
func (e *DialectError) Is(target error) bool { return target == ErrDialect }

// nameDialect is Parse's refusal path: when the refused bytes are, likely
// or certainly, in a known dialect other than LLVM's, it returns a
// *DialectError wrapping err; otherwise err itself (a first byte of 0 and
// nothing more already says "LLVM 3.4's layout" in err).
func nameDialect(data []byte, ord order, err error) error {
	d := detect(data, ord, upstreamRefused)
	if d.Dialect == DialectUnknown || d.Dialect == DialectUpstream || d.Certainty < Likely {
		return err
	}
	return &DialectError{Detection: d, Err: err}
}
