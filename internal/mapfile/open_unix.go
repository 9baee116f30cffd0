//go:build unix

package mapfile

import "syscall"

// openFlags make OpenRegular's open return at once on a named pipe or a
// device (O_NONBLOCK) and never take a terminal as the controlling one
// (O_NOCTTY). On a regular file neither changes anything.
const openFlags = syscall.O_NONBLOCK | syscall.O_NOCTTY
