package main

// jsonHelp documents the JSON format (stackmaps dump --help-json).
const jsonHelp = `stackmaps dump --format=json writes one compact JSON document per FILE on
one line (JSON Lines: read the output line by line, whatever the number of
files); --pretty indents each document instead. Every integer is written
exactly: IDs, addresses, stack sizes and constants up to 2^64-1 are plain
JSON numbers (decode them as 64-bit unsigned integers, or as big numbers in
languages whose numbers are doubles), and every 64-bit ID, address and
constant is repeated beside it as a hex string ("id_hex": "0xabcdef00") for
languages whose numbers are doubles.

{
  "file":   path as given on the command line
  "format": "elf", "macho", "coff" (object), "pe" (image) or "raw"
  "arch":   "x86_64", "aarch64", "ppc64", "ppc64le", "riscv64", "s390x",
            "unknown" (raw sections), or "universal" for a Mach-O universal
            file (each table then says its slice)
  "tables": [ one entry per table, in section order; a linked binary holds
              several tables back to back; a universal file lists the tables
              of every slice, slice after slice
    {
      "slice":          Mach-O universal files: the slice's architecture
                        ("x86_64", "aarch64"); null otherwise
      "section":        section name (".llvm_stackmaps",
                        "__LLVM_STACKMAPS,__llvm_stackmaps", "raw")
      "section_offset": byte offset of the table in the section
      "version":        1, 2 or 3
      "byte_order":     "little-endian" or "big-endian", the table's
      "functions": [
        {
          "index":         position in the table's function list
          "address":       the value the function record holds once
                           relocations are applied (relocatable objects:
                           the symbol's value plus the addend)
          "address_hex":   address as a hex string "0x..."
          "entry":         the function's code address: equal to address
                           except for ppc64 ELFv1, where address is the
                           function descriptor's and entry the code's
          "entry_hex":     entry as a hex string
          "symbol":        raw symbol name (Mach-O names keep their leading
                           underscore), null when unknown
          "addend":        relocation addend (0 when none)
          "stored_address": the address field as stored in the section,
                           before relocation (0 in most relocatable
                           objects); what stackmaps build writes
          "stack_size":    frame size in bytes (18446744073709551615 when
                           dynamic)
          "dynamic_stack": true when the frame size is not static
          "record_count":  number of records (null for version 1 tables)
          "code_section":  only in relocatable objects with several code
                           sections (built with function sections, every
                           function at offset 0 of its own): the section
                           the function's code is in, {"index": its
                           number in the file, "name"}; entry and the
                           addresses of its records are offsets in it,
                           and so is address except for ppc64 ELFv1 (an
                           offset in .opd); null when unknown
        }
      ],
      "constants": [ the constants table, as unsigned 64-bit numbers ],
      "constants_hex": [ the same as hex strings ],
      "records": [
        {
          "id":                 the record's ID (unsigned 64-bit)
          "id_hex":             the ID as a hex string
          "function":           index of the owning function; null in a
                                version 1 table with several functions
          "instruction_offset": offset from the function's entry (relocated)
          "stored_instruction_offset": the field as stored (RISC-V objects
                                built with relaxation store 0 and relocate
                                it); what stackmaps build writes
          "address":            entry + instruction_offset; null when the
                                function is unknown
          "address_hex":        address as a hex string, or null
          "flags":              the reserved flags field (0 from LLVM)
          "locations": [
            {
              "kind":      "Register", "Direct", "Indirect", "Constant" or
                           "ConstantIndex"
              "size":      size of the value in bytes
              "dwarf_reg": DWARF register number as stored (0 for constants)
              "reg":       register name ("rbp", "x29", "r31"; riscv64: the
                           ABI names "sp", "a0", as everywhere in the tool);
                           null for Constant and ConstantIndex and for numbers
                           the architecture does not know
              "offset":    the signed 32-bit offset field as stored: Direct
                           and Indirect: offset from reg; Constant: the value;
                           ConstantIndex: the index into "constants"
              "value":     Constant: the value sign-extended to 64 bits (may
                           be negative: -1 is stored as 0xFFFFFFFF);
                           ConstantIndex: the constants table entry, as an
                           unsigned 64-bit number (-10000000000 reads
                           18446744063709551616); null for other kinds
              "value_hex": value's 64 bits as a hex string (Constant -1 is
                           "0xffffffffffffffff"); null when value is
            }
          ],
          "live_outs": [
            { "dwarf_reg": number, "reg": name or null, "size": bytes }
          ],
          "statepoint": null unless the record has a gc.statepoint's shape
                        (three leading Constants: calling convention 0-1023,
                        flags 0-3, a deopt count that fits; an even number
                        of GC pointers; instruction offset not 0); then
            {
              "calling_convention": the first constant
              "flags":              the second constant
              "deopt_count":        the third constant
              "deopt":              [ location indexes of the deopt values ]
              "gc_pairs":           [ [base, derived] location indexes, one
                                      pair per gc.relocate ]
              "gc_slots":           [ location indexes of the GC stack slots
                                      (allocas in "gc-live"; Direct) ]
              "register_roots":     [ location indexes among gc_pairs held
                                      only in a register: a moving collector
                                      cannot update them in memory ]
            }
          "disasm": only with --disasm:
            {
              "call": the call just before a record at a return address
                      (statepoints), null otherwise
              "insn": the instruction at the record's address, null when
                      none starts there
                each { "address", "address_hex", "text" (as the text
                       format prints it), "target": the symbol a call or
                       branch names (null when none), "target_offset" }
              "error": instead of call and insn when the record's code
                       cannot be read
            }
          "unwind": only with --unwind: null when no FDE of the file covers
                    the record and (Mach-O) no compact unwind entry does
                    (or the record's function is unknown); else the call
                    frame information row that holds there
            {
              "pc":         the address looked up: a statepoint's address
                            minus 1 (it is a return address; the row is the
                            call's), the record's address otherwise
              "pc_hex":     pc as a hex string
              "section":    ".eh_frame", ".debug_frame" (used when no
                            .eh_frame FDE covers pc) or "__eh_frame"; Mach-O
                            records no FDE covers: "__unwind_info" (images)
                            or "__compact_unwind" (objects), the row their
                            compact encoding gives after the prologue
                            (a DWARF-mode encoding: "__eh_frame", the FDE it
                            names)
              "compact_encoding":     only for rows from compact unwind:
                            the 32-bit encoding
              "compact_encoding_hex": it as "0x" and 8 hex digits
              "fde_offset": section offset of the FDE; null for
                            "__unwind_info" and "__compact_unwind"
              "cfa": { "reg": name, "dwarf_reg": N, "offset": N,
                       "expression": false }: CFA = reg + offset; when a
                     DWARF expression computes the CFA: reg, dwarf_reg and
                     offset are null, "expression": true and
                     "expression_hex" holds its bytes in hex
              "ra_signed": true when AArch64 pointer authentication
                           has signed the return address at pc
                           (DW_CFA_AARCH64_negate_ra_state); null in
                           rows from compact unwind, which do not say
              "signal_frame": true when the FDE's CIE has the
                              augmentation "S" (a signal trampoline's
                              rules); null in rows from compact unwind
              "saved": [ every register with a rule other than "same
                         value", in DWARF order: the callee-saved registers
                         the function has saved by then and the return
                         address column when it has a rule (x86_64 rip);
                         from compact unwind: all "offset", in DWARF order
                         too; an x86_64 stack size the code holds but the
                         file cannot give: cfa offset null
                {
                  "reg":        register name (as in "locations"), null
                                for numbers the architecture does not know
                  "dwarf_reg":  DWARF register number
                  "rule":       "offset" (saved in memory at CFA +
                                cfa_offset), "val_offset" (the value is CFA
                                + cfa_offset), "register" (in another
                                register: "value_reg", "value_dwarf_reg"),
                                "expression" (saved at the address a DWARF
                                expression computes) or "val_expression"
                                (the value is the expression's): both with
                                "expression_hex"; "undefined" (lost)
                  "cfa_offset": offset from the CFA for "offset" and
                                "val_offset", else null
                }
              ]
            }
        }
      ]
    }
  ]
}

--function and --id keep only matching functions and records (and tables
that still have some); "index" and "function" keep their original values.
`
