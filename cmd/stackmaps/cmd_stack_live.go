package main

import (
	"io"

	"github.com/stackmaps/stackmaps/liveproc"
	"github.com/stackmaps/stackmaps/procwalk"
)

// runStackLive implements "stackmaps stack --pid": it stops the process
// (only the thread asked for, with --thread), walks it and lets it run on.
func runStackLive(pid int, opts procwalk.Options, so stackOptions, stdout, stderr io.Writer) int {
	var p *liveproc.Process
	var err error
	if so.thread != 0 {
		p, err = liveproc.AttachThread(pid, so.thread)
	} else {
		p, err = liveproc.Attach(pid)
	}
	if err != nil {
		say(stderr, "stackmaps stack: %v\n", err)
		return exitFail
	}
	status := exitFail
	view, err := p.View()
	for _, e := range p.Skipped() {
		say(stderr, "stackmaps stack: note: %v\n", e)
	}
	if err != nil {
		say(stderr, "stackmaps stack: %v\n", err)
	} else {
		status = walkProcess(view, opts, so, stdout, stderr)
	}
	if err := p.Detach(); err != nil {
		say(stderr, "stackmaps stack: %v\n", err)
		return exitFail
	}
	return status
}
