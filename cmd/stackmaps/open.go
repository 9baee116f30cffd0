package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/pesection"
	"github.com/stackmaps/stackmaps/stackmap"
)

// openSections finds the stack map section(s) in the named file, whatever
// its format: ELF, Mach-O (thin or universal), COFF/PE. The locators
// memory-map the section where the platform allows, so a large binary is not
// read into the heap; close the results when done. With raw set the whole
// file is the section's bytes, in the given byte order.
func openSections(name string, raw bool, order binary.ByteOrder) ([]*stackmap.SectionData, error) {
	if raw {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		return []*stackmap.SectionData{{Format: "raw", ByteOrder: order, Name: "raw", Data: data}}, nil
	}
	magic, err := readMagic(name)
	if err != nil {
		return nil, err
	}
	var sds []*stackmap.SectionData
	var sd *stackmap.SectionData
	switch {
	case bytes.Equal(magic[:], []byte("\x7fELF")):
		sd, err = elfsection.Open(name)
		sds = []*stackmap.SectionData{sd}
	case isMachO(magic):
		sds, err = machosection.Open(name)
	case isCOFF(magic):
		sd, err = pesection.Open(name)
		sds = []*stackmap.SectionData{sd}
	default:
		return nil, fmt.Errorf("%s: not an ELF, Mach-O or COFF file (use --raw for a raw section dump)", name)
	}
	if err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("truncated object file: %w", err)
		}
		return nil, err
	}
	return sds, nil
}

// readMagic reads the first four bytes of a file.
func readMagic(name string) ([4]byte, error) {
	var magic [4]byte
	f, err := os.Open(name)
	if err != nil {
		return magic, err
	}
	defer f.Close()
	if _, err := io.ReadFull(f, magic[:]); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return magic, fmt.Errorf("%s: too short to be an object file (use --raw for a raw section dump)", name)
		}
		return magic, fmt.Errorf("%s: %w", name, err)
	}
	return magic, nil
}

func isMachO(m [4]byte) bool {
	switch binary.BigEndian.Uint32(m[:]) {
	case 0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe:
		return true
	}
	return false
}

// isCOFF recognizes PE images ("MZ") and the COFF object machine types
// LLVM emits stack maps for.
func isCOFF(m [4]byte) bool {
	if m[0] == 'M' && m[1] == 'Z' {
		return true
	}
	switch binary.LittleEndian.Uint16(m[:2]) {
	case 0x8664, 0xaa64, 0x5064:
		return true
	}
	return false
}
