package main

import (
	"io"
	"runtime/debug"
)

// writeVersion prints the module version and, when the binary was built
// from a VCS checkout, its revision, time and whether the tree was
// modified: "stackmaps v1.2.3 (rev abc123, 2025-01-02T03:04:05Z, modified)".
func writeVersion(w io.Writer) {
	version, extra := "(unknown)", ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		version = bi.Main.Version
		var rev, when, modified string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					modified = "modified"
				}
			}
		}
		for _, part := range []string{rev, when, modified} {
			if part == "" {
				continue
			}
			if extra != "" {
				extra += ", "
			}
			if part == rev {
				part = "rev " + part
			}
			extra += part
		}
		if extra != "" {
			extra = " (" + extra + ")"
		}
		if bi.GoVersion != "" {
			extra += " " + bi.GoVersion
		}
	}
	if version == "" {
		version = "(devel)"
	}
	io.WriteString(w, "stackmaps "+version+extra+"\n")
}
