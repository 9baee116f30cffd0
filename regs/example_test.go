package regs_test

import (
	"errors"
	"fmt"
	"os"

	"github.com/stackmaps/stackmaps/regs"
)

func ExampleName() {
	name, _ := regs.Name(regs.X86_64, 6)
	fmt.Println(name)
	name, _ = regs.Name(regs.PPC64, 1205) // a 32-bit value in r5
	fmt.Println(name)
	_, err := regs.Name(regs.AArch64, 1205)
	var unknown *regs.UnknownRegisterError
	fmt.Println(errors.As(err, &unknown), err)
	// Output:
	// rbp
	// r5
	// true unknown register 1205 (aarch64)
}

func ExampleDisplayName() {
	fmt.Println(regs.DisplayName(regs.X86_64, 0, 4))
	fmt.Println(regs.DisplayName(regs.X86_64, 19, 32))
	fmt.Println(regs.DisplayName(regs.AArch64, 19, 4))
	fmt.Println(regs.DisplayName(regs.AArch64, 72, 8))
	fmt.Println(regs.DisplayName(regs.PPC64LE, 79, 8))
	fmt.Println(regs.DisplayName(regs.S390X, 22, 16))
	fmt.Println(regs.DisplayName(regs.RISCV64, 10, 8))
	fmt.Println(regs.DisplayName(regs.X86_64, 999, 8))
	// Output:
	// eax
	// ymm2
	// w19
	// d8
	// vs34
	// v5
	// a0
	// unknown register 999
}

func ExampleLookup() {
	for _, name := range []string{"eax", "zmm20", "w19", "fp", "vs34", "fs0"} {
		var a regs.Arch
		switch name {
		case "eax", "zmm20":
			a = regs.X86_64
		case "w19", "fp":
			a = regs.AArch64
		case "vs34":
			a = regs.PPC64
		case "fs0":
			a = regs.RISCV64
		}
		n, ok := regs.Lookup(a, name)
		fmt.Println(a, name, n, ok)
	}
	// Output:
	// x86_64 eax 0 true
	// x86_64 zmm20 71 true
	// aarch64 w19 19 true
	// aarch64 fp 29 true
	// ppc64 vs34 79 true
	// riscv64 fs0 40 true
}

func ExampleRolesOf() {
	r := regs.RolesOf(regs.AArch64)
	fp, _ := regs.Name(regs.AArch64, r.FramePointer)
	sp, _ := regs.Name(regs.AArch64, r.StackPointer)
	lr, _ := regs.Name(regs.AArch64, r.ReturnAddress)
	fmt.Println(fp, sp, lr, len(r.CalleeSaved))
	// Output: x29 sp x30 20
}

func ExampleWriteTable() {
	_ = regs.WriteTable(os.Stdout, regs.S390X)
	// Output:
	// 0 r0
	// 1 r1
	// 2 r2
	// 3 r3
	// 4 r4
	// 5 r5
	// 6 r6
	// 7 r7
	// 8 r8
	// 9 r9
	// 10 r10
	// 11 r11
	// 12 r12
	// 13 r13
	// 14 r14
	// 15 r15
	// 16 f0
	// 17 f2
	// 18 f4
	// 19 f6
	// 20 f1
	// 21 f3
	// 22 f5
	// 23 f7
	// 24 f8
	// 25 f10
	// 26 f12
	// 27 f14
	// 28 f9
	// 29 f11
	// 30 f13
	// 31 f15
	// 32 c0
	// 33 c1
	// 34 c2
	// 35 c3
	// 36 c4
	// 37 c5
	// 38 c6
	// 39 c7
	// 40 c8
	// 41 c9
	// 42 c10
	// 43 c11
	// 44 c12
	// 45 c13
	// 46 c14
	// 47 c15
	// 48 a0
	// 49 a1
	// 50 a2
	// 51 a3
	// 52 a4
	// 53 a5
	// 54 a6
	// 55 a7
	// 56 a8
	// 57 a9
	// 58 a10
	// 59 a11
	// 60 a12
	// 61 a13
	// 62 a14
	// 63 a15
	// 68 v16
	// 69 v18
	// 70 v20
	// 71 v22
	// 72 v17
	// 73 v19
	// 74 v21
	// 75 v23
	// 76 v24
	// 77 v26
	// 78 v28
	// 79 v30
	// 80 v25
	// 81 v27
	// 82 v29
	// 83 v31
}
