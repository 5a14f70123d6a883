//go:build linux

package local

import (
	"encoding/binary"
	"runtime"

	"golang.org/x/sys/unix"
)

// leaseFilter is a classic-BPF seccomp program (what bwrap --seccomp
// loads) that makes fcntl(fd, F_SETLEASE, …) fail with EPERM and allows
// every other system call. A file lease lets its holder make every other
// open of the file block (or fail with O_NONBLOCK) for the kernel's
// lease-break time, which would stall or suppress the harness's copies of
// the submission while the agent runs. Native and 32-bit compat fcntl and
// fcntl64 are covered on amd64 and arm64; on other architectures it
// returns nil (no filter: leases are not blocked there).
func leaseFilter() []byte {
	type arch struct {
		audit uint32
		nrs   []uint32
	}
	var arches []arch
	switch runtime.GOARCH {
	case "amd64":
		arches = []arch{
			{0xC000003E, []uint32{72, 0x40000000 | 72}}, // x86_64 fcntl, x32 fcntl
			{0x40000003, []uint32{55, 221}},             // i386 fcntl, fcntl64
		}
	case "arm64":
		arches = []arch{
			{0xC00000B7, []uint32{25}},      // aarch64 fcntl
			{0x40000028, []uint32{55, 221}}, // arm fcntl, fcntl64
		}
	default:
		return nil
	}
	const (
		offNr   = 0
		offArch = 4
		offArg1 = 16 + 8*1 // low 32 bits of args[1] (little endian)
		allow   = unix.SECCOMP_RET_ALLOW
		deny    = unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM)
	)
	ld := func(k uint32) unix.SockFilter {
		return unix.SockFilter{Code: unix.BPF_LD | unix.BPF_W | unix.BPF_ABS, K: k}
	}
	ret := func(k uint32) unix.SockFilter { return unix.SockFilter{Code: unix.BPF_RET | unix.BPF_K, K: k} }
	jeq := func(k uint32, jt, jf uint8) unix.SockFilter {
		return unix.SockFilter{Code: unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K, K: k, Jt: jt, Jf: jf}
	}
	// Per architecture block:
	//   ld arch; jeq audit ? next : skip block
	//   ld nr; jeq nr1 ? check : next; ... ; ret allow
	//   check: ld arg1; jeq F_SETLEASE ? deny : allow
	var prog []unix.SockFilter
	for _, a := range arches {
		n := len(a.nrs)
		blockLen := 1 + n + 1 + 4 // after the arch test: ld nr, n jeqs, ret allow, check (ld, jeq, ret deny, ret allow)
		prog = append(prog, ld(offArch), jeq(a.audit, 0, uint8(blockLen)))
		prog = append(prog, ld(offNr))
		for i, nr := range a.nrs {
			// jump to check: skip the remaining jeqs and the ret allow
			prog = append(prog, jeq(nr, uint8(n-i), 0))
		}
		prog = append(prog, ret(allow))
		prog = append(prog, ld(offArg1), jeq(unix.F_SETLEASE, 0, 1), ret(deny), ret(allow))
	}
	prog = append(prog, ret(allow))
	// Both architectures are little endian, as the kernel reads the
	// program in native byte order.
	out := make([]byte, 0, 8*len(prog))
	for _, f := range prog {
		out = binary.LittleEndian.AppendUint16(out, f.Code)
		out = append(out, f.Jt, f.Jf)
		out = binary.LittleEndian.AppendUint32(out, f.K)
	}
	return out
}
