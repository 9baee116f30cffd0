package disasm_test

import (
	"fmt"
	"log"

	"github.com/stackmaps/stackmaps/disasm"
	"github.com/stackmaps/stackmaps/elfsection"
)

// Example prints the call before each record of an object's first
// function and the instruction at the record, with the call's target
// named as llvm-objdump -d -r names it (after the relocation).
func Example() {
	f, err := elfsection.Open("../testdata/objects/llvm19/x86_64-elf/statepoints.o")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	sd, err := f.StackMaps()
	if err != nil {
		log.Fatal(err)
	}
	sec, err := sd.Parse()
	if err != nil {
		log.Fatal(err)
	}
	code := f.Code()
	t := sec.Table(0)
	fn, _ := t.Function(0)
	bytes, section, err := code.FunctionCode(&fn, t.NumFunctions())
	if err != nil {
		log.Fatal(err)
	}
	c := &disasm.Code{Arch: sd.Arch, Order: sd.ByteOrder, Bytes: bytes, Entry: fn.Entry(), Section: section, Namer: code}
	var w disasm.Walker
	for _, r := range t.Records() {
		if r.Function() != 0 {
			break
		}
		s := w.Site(c, r.InstructionOffset())
		if s.HasCall {
			fmt.Printf("call %s <%s>\n", s.Call.Text, s.Call.Name.Symbol)
		}
		fmt.Printf("insn %s\n", s.At.Text)
	}
	// Output:
	// call callq 0xa <st_callee>
	// insn mov (%rsp),%rax
}
