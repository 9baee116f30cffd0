//go:build !unix

package mapfile

// openFlags: no flags beyond O_RDONLY where open(2) has no O_NONBLOCK.
const openFlags = 0
