// Package compactunwind decodes Apple's compact unwind information: the
// __TEXT,__unwind_info section of linked Mach-O images and the
// __LD,__compact_unwind section of relocatable objects, and interprets a
// 32-bit compact encoding for arm64 and x86_64 as a rule: where the
// canonical frame address (CFA) is and at which CFA offsets the callee-saved
// registers are, numbered as DWARF numbers them.
//
// Decoding is zero-copy: an Info or Object is a view over the section's
// bytes, checked once when it is made (every offset and count against the
// bytes there), so that lookups cannot fail, allocate nothing and take
// O(log n). Malformed input never panics: errors (*FormatError) name the
// section, the byte offset and what is wrong there.
//
// Function offsets in __unwind_info are relative to the image's __TEXT
// segment address (its load address for the first segment). Function
// addresses in __compact_unwind are object addresses, relocated by the
// caller (machosection.CompactUnwind does it).
package compactunwind
