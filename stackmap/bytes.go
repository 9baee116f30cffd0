package stackmap

import (
	"encoding/binary"

	"github.com/stackmaps/stackmaps/internal/endian"
)

// order reads fixed-size integers in one byte order (see internal/endian).
type order = endian.Order

func orderOf(bo binary.ByteOrder) order { return endian.Of(bo) }
