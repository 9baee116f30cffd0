package linuxregs

// signalNames are the standard Linux signals by number, the same on every
// supported architecture (x86_64 and the asm-generic numbering AArch64,
// RISC-V 64 use; PowerPC64 and s390x number them alike).
var signalNames = [...]string{
	1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP",
	6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 10: "SIGUSR1",
	11: "SIGSEGV", 12: "SIGUSR2", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM",
	16: "SIGSTKFLT", 17: "SIGCHLD", 18: "SIGCONT", 19: "SIGSTOP", 20: "SIGTSTP",
	21: "SIGTTIN", 22: "SIGTTOU", 23: "SIGURG", 24: "SIGXCPU", 25: "SIGXFSZ",
	26: "SIGVTALRM", 27: "SIGPROF", 28: "SIGWINCH", 29: "SIGIO", 30: "SIGPWR",
	31: "SIGSYS",
}

// SignalName names a Linux signal number as <signal.h> does ("SIGSEGV"
// for 11), the numbering of every supported architecture; it is "" for a
// real-time signal (32 and up) or a number that is no signal.
func SignalName(sig int) string {
	if sig <= 0 || sig >= len(signalNames) {
		return ""
	}
	return signalNames[sig]
}
