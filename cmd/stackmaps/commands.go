package main

import "sort"

// sortedCommands returns the registered commands sorted by name.
func sortedCommands() []command {
	cs := append([]command(nil), commands...)
	sort.Slice(cs, func(i, j int) bool { return cs[i].name < cs[j].name })
	return cs
}
