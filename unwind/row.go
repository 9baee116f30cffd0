package unwind

import (
	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/compactunwind"
	"github.com/stackmaps/stackmaps/winunwind"
)

// Row is the unwind row at a code address, from whichever table covers it.
type Row struct {
	// PC is the address looked up.
	PC uint64
	// Table is the table that answered: KindEHFrame or KindDebugFrame for
	// an FDE, KindUnwindInfo or KindCompactUnwind for a compact entry
	// (also when the entry is DWARF mode and the rules come from an
	// __eh_frame FDE: then HasFDE is true as well).
	Table Kind
	// Rules are the CFA rule and each register's rule, whichever table
	// gave them; a compact entry's rule is stated as the equivalent DWARF
	// rules (CFA = register + offset, saved registers at CFA+offset, the
	// return address column of the architecture). Nil only for an x86_64
	// STACK_IND entry whose stack size could not be read (no
	// Sources.Code, or the code is not there). Rules point into the
	// Context. For a compact entry, Rules.Start and Rules.End are PC and
	// PC+1 (an entry states one rule for its whole function after the
	// prologue, not rows).
	Rules *cfi.Row
	// HasFDE reports that the rules come from the FDE at FDEOffset of the
	// DWARF section (.eh_frame for a DWARF-mode compact entry).
	HasFDE    bool
	FDEOffset uint64
	// SignalFrame reports that the FDE's CIE has the augmentation "S"
	// (cfi.CIE.SignalFrame): the rules are a signal trampoline's (such as
	// glibc's __restore_rt), which restore the registers of the
	// interrupted frame; that frame's pc is an interrupted instruction,
	// looked up as it is (unwind.LookupPC with call false), not a return
	// address.
	SignalFrame bool
	// FunctionStart is where the function the row belongs to starts: its
	// FDE's pc_begin, or the start of its compact entry.
	FunctionStart uint64
	// Compact reports that a compact unwind entry covers PC: Encoding is
	// its encoding, Rule what the encoding says (with a STACK_IND stack
	// size resolved when the code could be read).
	Compact  bool
	Encoding compactunwind.Encoding
	Rule     compactunwind.Rule
	// Windows is the rule of the Windows x64 unwind data (Table
	// KindPData) that Rules states, nil otherwise; it points into the
	// Context.
	Windows *winunwind.Rule
}

// RulesFrom returns the table whose section the row's rules were read
// from: KindEHFrame for a compact entry in DWARF mode (its rules are an
// __eh_frame FDE's), otherwise Table.
func (r *Row) RulesFrom() Kind {
	if r.Compact && r.HasFDE {
		return KindEHFrame
	}
	return r.Table
}

// Context is the scratch state of lookups: it holds the Row RowAt
// returns, so that lookups allocate nothing. Its zero value is ready to
// use; it is large (about 60 KB), so keep one per goroutine and reuse it.
type Context struct {
	u    cfi.Unwinder
	row  Row
	fde  cfi.FDE // a DWARF-mode entry's FDE
	code [4]byte // a STACK_IND entry's stack size, read from code
	// compact holds the DWARF statement of a compact rule; set lists the
	// registers whose rules it set, to clear them for the next one.
	compact cfi.Row
	set     [compactunwind.MaxSaved]uint16
	nset    int
	win     winCtx // Windows rows
}

// Unwinder returns the cfi.Unwinder the context computes DWARF rows with
// (its FDE method gives the FDE of the last DWARF row).
func (c *Context) Unwinder() *cfi.Unwinder { return &c.u }
