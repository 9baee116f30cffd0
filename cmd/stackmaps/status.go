package main

// Exit statuses scripts can rely on.
const (
	exitOK    = 0
	exitFail  = 1 // a file could not be read or decoded, or check found problems
	exitUsage = 2 // the command line was wrong
)
