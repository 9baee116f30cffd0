package disasm

// td is the testdata directory, with a trailing slash.
const td = "../testdata/"
