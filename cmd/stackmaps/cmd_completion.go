package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"
)

const completionUsage = `Usage: stackmaps completion bash|zsh|fish

Print a shell completion script for stackmaps: its commands, each
command's flags and, for --format and --arch, their values. The script is
generated from the tool's own command table and flag sets.

  source <(stackmaps completion bash)            # bash, this shell
  stackmaps completion zsh > "${fpath[1]}/_stackmaps"
  stackmaps completion fish > ~/.config/fish/completions/stackmaps.fish

Exit status: 0 success, 2 bad usage.
`

// completionCommand is one command as the completion scripts know it.
type completionCommand struct {
	name    string
	summary string
	flags   []string // without dashes; one letter: -o, else --name
	formats []string // --format values
}

// allCommands returns the command table; set in init, as the table itself
// lists the completion command.
var allCommands func() []command

func init() { allCommands = func() []command { return commands } }

// completionTable gathers every command's flags from its own --help
// listing, which writeFlagDefaults prints from the command's flag set, and
// its --format values from the command table.
func completionTable() []completionCommand {
	var out []completionCommand
	for _, c := range allCommands() {
		cc := completionCommand{name: c.name, summary: c.summary, formats: c.formats}
		if c.name != "completion" {
			var help bytes.Buffer
			c.run([]string{"--help"}, &help, io.Discard)
			text := help.String()
			sc := bufio.NewScanner(strings.NewReader(text))
			inFlags := false
			for sc.Scan() {
				line := sc.Text()
				if line == "Flags:" {
					inFlags = true
					continue
				}
				if !inFlags || !strings.HasPrefix(line, "  -") {
					continue
				}
				name := strings.TrimLeft(strings.Fields(line)[0], "-")
				cc.flags = append(cc.flags, name)
			}
		}
		out = append(out, cc)
	}
	return out
}

// dashed spells a flag as the tool lists it.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

func runCompletion(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "--help" || args[0] == "-h" || args[0] == "-help") {
		io.WriteString(stdout, completionUsage)
		return exitOK
	}
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			say(stderr, "stackmaps completion: flag provided but not defined: %s (see stackmaps completion --help)\n", a)
			return exitUsage
		}
	}
	if len(args) != 1 {
		say(stderr, "stackmaps completion: want one shell: bash, zsh or fish (see stackmaps completion --help)\n")
		return exitUsage
	}
	table := completionTable()
	switch args[0] {
	case "bash":
		writeBashCompletion(stdout, table)
	case "zsh":
		writeZshCompletion(stdout, table)
	case "fish":
		writeFishCompletion(stdout, table)
	default:
		say(stderr, "stackmaps completion: unknown shell \"%s\" (bash, zsh, fish)\n", args[0])
		return exitUsage
	}
	return exitOK
}

func commandNames(table []completionCommand) string {
	var names []string
	for _, c := range table {
		names = append(names, c.name)
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}

func writeBashCompletion(w io.Writer, table []completionCommand) {
	fmt.Fprintf(w, `# bash completion for stackmaps (stackmaps completion bash)
_stackmaps() {
  local cur prev cmd
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "%s --help --version" -- "$cur"))
    return
  fi
  cmd="${COMP_WORDS[1]}"
  case "$prev" in
    --arch) COMPREPLY=($(compgen -W "%s" -- "$cur")); return ;;
  esac
  case "$cmd" in
`, commandNames(table), strings.Join(archNames, " "))
	for _, c := range table {
		var flags []string
		for _, f := range c.flags {
			flags = append(flags, dashed(f))
		}
		if c.name == "completion" {
			fmt.Fprintf(w, "    completion) COMPREPLY=($(compgen -W \"bash zsh fish\" -- \"$cur\")); return ;;\n")
			continue
		}
		fmt.Fprintf(w, "    %s)\n", c.name)
		if len(c.formats) > 0 {
			fmt.Fprintf(w, "      if [ \"$prev\" = --format ]; then COMPREPLY=($(compgen -W \"%s\" -- \"$cur\")); return; fi\n", strings.Join(c.formats, " "))
		}
		fmt.Fprintf(w, "      if [[ \"$cur\" == -* ]]; then COMPREPLY=($(compgen -W \"%s --help\" -- \"$cur\")); return; fi\n", strings.Join(flags, " "))
		fmt.Fprintf(w, "      ;;\n")
	}
	fmt.Fprint(w, `  esac
  COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _stackmaps stackmaps
`)
}

func writeZshCompletion(w io.Writer, table []completionCommand) {
	fmt.Fprint(w, "#compdef stackmaps\n# zsh completion for stackmaps (stackmaps completion zsh)\n_stackmaps() {\n  local -a cmds\n  cmds=(\n")
	for _, c := range table {
		fmt.Fprintf(w, "    '%s:%s'\n", c.name, strings.ReplaceAll(strings.ReplaceAll(c.summary, "'", ""), ":", " -"))
	}
	fmt.Fprint(w, "  )\n  if (( CURRENT == 2 )); then _describe command cmds; return; fi\n  case $words[2] in\n")
	for _, c := range table {
		if c.name == "completion" {
			fmt.Fprint(w, "    completion) _values shell bash zsh fish ;;\n")
			continue
		}
		fmt.Fprintf(w, "    %s) _arguments", c.name)
		for _, f := range c.flags {
			switch f {
			case "format":
				fmt.Fprintf(w, " '--format=[output format]:format:(%s)'", strings.Join(c.formats, " "))
			case "arch":
				fmt.Fprintf(w, " '--arch=[architecture]:arch:(%s)'", strings.Join(archNames, " "))
			default:
				fmt.Fprintf(w, " '%s[%s]'", dashed(f), f)
			}
		}
		fmt.Fprint(w, " '*:file:_files' ;;\n")
	}
	fmt.Fprint(w, "  esac\n}\n_stackmaps \"$@\"\n")
}

func writeFishCompletion(w io.Writer, table []completionCommand) {
	fmt.Fprint(w, "# fish completion for stackmaps (stackmaps completion fish)\n")
	fmt.Fprintf(w, "complete -c stackmaps -n __fish_use_subcommand -f -a '%s'\n", commandNames(table))
	for _, c := range table {
		if c.name == "completion" {
			fmt.Fprint(w, "complete -c stackmaps -n '__fish_seen_subcommand_from completion' -f -a 'bash zsh fish'\n")
			continue
		}
		for _, f := range c.flags {
			opt := "-l " + f
			if len(f) == 1 {
				opt = "-s " + f
			}
			extra := ""
			switch f {
			case "format":
				extra = " -x -a '" + strings.Join(c.formats, " ") + "'"
			case "arch":
				extra = " -x -a '" + strings.Join(archNames, " ") + "'"
			}
			fmt.Fprintf(w, "complete -c stackmaps -n '__fish_seen_subcommand_from %s' %s%s\n", c.name, opt, extra)
		}
	}
}
