// Package frameslots says where, in the stack frame at a stack map record,
// each thing lies that the record and the frame's unwind row describe: the
// return address, every register the function has saved by then, and the
// stack slot each Direct or Indirect location points at, with what the
// location is to a statepoint (a deopt value, the base or derived pointer
// of a GC pair, a GC stack slot). Positions are offsets from the frame's
// CFA (its caller's stack pointer at the call, plus 160 on s390x): the
// row's CFA rule gives the stack or frame pointer's distance from the CFA,
// and every location based on that register is placed from it; without a
// stack pointer in the rule the function's stack size places it.
//
// With llc's stack frame layout remark (ReadRemarks), the slots also get
// the stack objects LLVM laid out there: their kind (Spill, Variable, ...)
// and the source variables they hold.
//
// It is the model of "stackmaps frame"; a runtime or a test can ask it the
// same question about any record. It reads no file format.
package frameslots
