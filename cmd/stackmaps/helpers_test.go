package main

import (
	"strconv"

	"github.com/stackmaps/stackmaps/internal/textout"
)

func itoa64(v int64) string  { return strconv.FormatInt(v, 10) }
func utoa64(v uint64) string { return strconv.FormatUint(v, 10) }

func utoa64Hex(v uint64) string { return textout.HexString(v) }
func itoa(n int) string         { return strconv.Itoa(n) }
