//go:build linux

package local

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// idLockDir holds one lock file per agent uid in use, shared by every
// harness process of the machine (a fixed path, whatever TMPDIR says).
var idLockDir = func() string {
	for _, d := range []string{"/run", "/var/run", "/tmp"} {
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return filepath.Join(d, "mlebench-agent-ids")
		}
	}
	return filepath.Join(os.TempDir(), "mlebench-agent-ids")
}()

// identity is a host uid/gid held for one sandbox: the flock on its lock
// file (released by close, or by the kernel when the harness dies) keeps
// every other harness process off it.
type identity struct {
	uid, gid uint32
	lock     *os.File // nil when the runner's own ids are used (not root)
}

func (id *identity) release() {
	if id != nil && id.lock != nil {
		id.lock.Close()
		id.lock = nil
	}
}

// acquire takes the first uid of the agents' range that no harness
// process holds (an exclusive, non-blocking flock on
// <idLockDir>/<uid>.lock), that /etc/passwd and /etc/group do not name,
// and that no process runs as. Allocation is atomic across processes:
// two harnesses started at the same moment get different ids.
func (b *Backend) acquire() (*identity, error) {
	if err := os.Mkdir(idLockDir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("local backend: agent id locks: %w", err)
	}
	var st syscall.Stat_t
	if err := syscall.Lstat(idLockDir, &st); err != nil {
		return nil, fmt.Errorf("local backend: agent id locks: %w", err)
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFDIR || st.Uid != 0 || st.Mode&0o022 != 0 {
		return nil, fmt.Errorf("local backend: %s is not a root-owned directory writable only by root; remove it", idLockDir)
	}
	known := namedIDs()
	busy := processUIDs()
	for i := 0; i < b.opt.IDs; i++ {
		uid, gid := b.opt.UID+uint32(i), b.opt.GID+uint32(i)
		if known[idKey{'u', uid}] || known[idKey{'g', gid}] || busy[uid] {
			continue
		}
		f, err := os.OpenFile(filepath.Join(idLockDir, strconv.FormatUint(uint64(uid), 10)+".lock"), os.O_CREATE|os.O_RDWR|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, 0o600)
		if err != nil {
			return nil, fmt.Errorf("local backend: agent id lock: %w", err)
		}
		if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
			f.Close()
			continue // another sandbox (of this or another harness) holds it
		}
		// Re-check after locking: a process of a sandbox whose harness
		// released the lock while the process lived would show here.
		if processUIDs()[uid] {
			f.Close()
			continue
		}
		return &identity{uid: uid, gid: gid, lock: f}, nil
	}
	return nil, fmt.Errorf("local backend: no free agent uid in %d..%d (each running sandbox takes one)", b.opt.UID, b.opt.UID+uint32(b.opt.IDs)-1)
}

type idKey struct {
	kind byte // 'u' or 'g'
	id   uint32
}

// namedIDs returns the uids of /etc/passwd and the gids of /etc/group (and
// the primary gids of /etc/passwd).
func namedIDs() map[idKey]bool {
	out := map[idKey]bool{}
	for _, f := range []struct {
		path string
		cols []int
		kind []byte
	}{{"/etc/passwd", []int{2, 3}, []byte{'u', 'g'}}, {"/etc/group", []int{2}, []byte{'g'}}} {
		b, err := os.ReadFile(f.path)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			fields := strings.Split(line, ":")
			for i, c := range f.cols {
				if c < len(fields) {
					if n, err := strconv.ParseUint(fields[c], 10, 32); err == nil {
						out[idKey{f.kind[i], uint32(n)}] = true
					}
				}
			}
		}
	}
	return out
}

// processUIDs returns the real, effective, saved and filesystem uids of
// the running processes.
func processUIDs() map[uint32]bool {
	out := map[uint32]bool{}
	procs, _ := filepath.Glob("/proc/[0-9]*/status")
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "Uid:"); ok {
				for _, f := range strings.Fields(rest) {
					if n, err := strconv.ParseUint(f, 10, 32); err == nil {
						out[uint32(n)] = true
					}
				}
				break
			}
		}
	}
	return out
}
