// Package textout holds the output helpers of the stackmaps tool: Buffer,
// which gathers text in a byte slice and hands it on in large blocks, with
// numbers appended by strconv (no allocation, no fmt); JSON, which streams
// one JSON document into a Buffer in encoding/json's layouts; and the
// tool's number syntax (HexString, ParseUint).
package textout
