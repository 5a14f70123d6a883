// Package peakrss reads the process's peak resident set size (the kernel's
// own high-water mark of this process, VmHWM on Linux) and restarts it: for
// benchmarks of streaming code and for `mlebench dev bench`, which needs
// its children's own peaks (wait4's ru_maxrss is floored at the parent's
// peak for a child that execs from a vfork).
package peakrss
