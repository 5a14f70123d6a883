//go:build linux

package local

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// initName is the name under which the running binary (mlebench, or a
// test binary importing this package) is bind-mounted into a sandbox:
// started under it, the binary is the sandbox's init (see sandboxInit)
// instead of itself.
const initName = "mlebench-sandbox-init"

// Paths inside the sandbox.
const (
	initDir       = "/run/mlebench-init" // holds the init binary (read-only)
	serverDir     = "/run/mlebench"      // holds the validation socket (read-only mount)
	serverSocket  = serverDir + "/validate.sock"
	validateAddr  = "127.0.0.1:5000" // localhost:5000 of the original's layout
	validateAddr6 = "[::1]:5000"
	readyFD       = 3 // the init writes "ready\n" here once the agent runs
	lifelineFD    = 6 // the init ends the sandbox when this pipe reads end-of-file
)

func init() {
	if filepath.Base(os.Args[0]) == initName {
		os.Exit(sandboxInit(os.Args[1:]))
	}
}

// sandboxInit is PID 1 of a sandbox (bwrap --as-pid-1), running as the
// agent's unprivileged uid inside the sandbox's namespaces. It serves
// localhost:5000 by relaying each connection to the harness's validation
// server over the Unix socket bind-mounted at serverSocket, starts the
// agent (args after "--"), forwards SIGTERM/SIGINT/SIGHUP to it, reaps
// every orphan, and exits with the agent's status when the agent exits.
// Its exit ends the PID namespace: the kernel kills every process still
// in it (daemons included). It never returns normally; its result is the
// exit status.
func sandboxInit(args []string) int {
	i := 0
	for i < len(args) && args[i] != "--" {
		i++
	}
	if i+1 >= len(args) {
		fmt.Fprintln(os.Stderr, initName+": no agent command")
		return 127
	}
	argv := args[i+1:]
	// Neither descriptor from the harness reaches the agent.
	unix.CloseOnExec(readyFD)
	unix.CloseOnExec(lifelineFD)
	ready := os.NewFile(readyFD, "ready")
	// The harness holds the lifeline's only write end: end-of-file (or
	// any error) means the harness is gone, and so is this sandbox (PID
	// 1 exits; the kernel kills the rest of the namespace).
	go func() {
		io.Copy(io.Discard, os.NewFile(lifelineFD, "lifeline"))
		fmt.Fprintf(os.Stderr, "%s: the harness is gone; ending the sandbox\n", initName)
		os.Exit(137)
	}()

	var lns []net.Listener
	for _, addr := range []string{validateAddr, validateAddr6} {
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			if addr == validateAddr {
				fmt.Fprintf(os.Stderr, "%s: validation server forwarder: %v\n", initName, err)
			}
			continue
		}
		lns = append(lns, ln)
		go relay(ln)
	}

	path := argv[0]
	if !strings.Contains(path, "/") {
		p, err := exec.LookPath(path)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", initName, err)
			ready.Close()
			return 127
		}
		path = p
	}
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	proc, err := os.StartProcess(path, argv, &os.ProcAttr{
		Dir:   "/home",
		Env:   os.Environ(),
		Files: []*os.File{os.Stdin, os.Stdout, os.Stderr},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: starting the agent: %v\n", initName, err)
		ready.Close()
		return 127
	}
	ready.WriteString("ready\n")
	ready.Close()
	go func() {
		for s := range sigs {
			proc.Signal(s)
		}
	}()
	// Reap everything (orphans are reparented to PID 1) until the agent
	// is among the dead.
	for {
		var ws unix.WaitStatus
		pid, err := unix.Wait4(-1, &ws, 0, nil)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: wait: %v\n", initName, err)
			return 127
		}
		if pid != proc.Pid {
			continue
		}
		for _, ln := range lns {
			ln.Close()
		}
		if ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return ws.ExitStatus()
	}
}

// relay forwards each connection accepted on ln to the validation socket.
func relay(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		go func() {
			defer c.Close()
			s, err := net.Dial("unix", serverSocket)
			if err != nil {
				return
			}
			defer s.Close()
			var wg sync.WaitGroup
			wg.Add(1)
			go func() {
				defer wg.Done()
				io.Copy(s, c)
				if u, ok := s.(*net.UnixConn); ok {
					u.CloseWrite()
				}
			}()
			io.Copy(c, s)
			if t, ok := c.(*net.TCPConn); ok {
				t.CloseWrite()
			}
			wg.Wait()
		}()
	}
}
