//go:build linux

package local_test

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestMain lets the test binary double as a small attack tool inside
// sandboxes (MLEBENCH_TEST_HELPER=<verb> <args>): Go instead of python or
// util-linux, so the attacks need nothing but the binary.
func TestMain(m *testing.M) {
	if verb := os.Getenv("MLEBENCH_TEST_HELPER"); verb != "" {
		os.Exit(helper(verb, os.Args[1:]))
	}
	os.Exit(m.Run())
}

func helper(verb string, args []string) int {
	arg := func(i int) string {
		if i < len(args) {
			return args[i]
		}
		return ""
	}
	switch verb {
	case "lease":
		// Take a write lease on the file and hold it: every other open
		// then blocks (or fails with O_NONBLOCK) until the lease breaks.
		fd, err := unix.Open(arg(0), unix.O_RDONLY, 0)
		if err != nil {
			fmt.Println("lease: open:", err)
			return 1
		}
		if _, err := unix.FcntlInt(uintptr(fd), unix.F_SETLEASE, unix.F_WRLCK); err != nil {
			fmt.Println("lease refused:", err)
		} else {
			fmt.Println("lease taken")
		}
		d, _ := time.ParseDuration(arg(1))
		time.Sleep(d)
		return 0
	case "shm-create":
		key, _ := strconv.Atoi(arg(0))
		if _, err := unix.SysvShmGet(key, 4096, unix.IPC_CREAT|0o666); err != nil {
			fmt.Println("shm-create:", err)
			return 1
		}
		fmt.Println("shm created")
		return 0
	case "shm-find":
		key, _ := strconv.Atoi(arg(0))
		if _, err := unix.SysvShmGet(key, 0, 0); err == nil {
			fmt.Println("LEAK: found the other sandbox's SysV shared memory segment")
		}
		return 0
	case "shm-remove":
		key, _ := strconv.Atoi(arg(0))
		if id, err := unix.SysvShmGet(key, 0, 0); err == nil {
			unix.SysvShmCtl(id, unix.IPC_RMID, nil)
		}
		return 0
	case "listen":
		// listen NETWORK ADDR SECONDS: accept connections, answer "hello".
		ln, err := net.Listen(arg(0), arg(1))
		if err != nil {
			fmt.Println("listen:", err)
			return 1
		}
		fmt.Println("listening")
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				io.WriteString(c, "hello\n")
				c.Close()
			}
		}()
		d, _ := time.ParseDuration(arg(2))
		time.Sleep(d)
		return 0
	case "dial":
		// dial NETWORK ADDR: LEAK when something answers.
		c, err := net.DialTimeout(arg(0), arg(1), 2*time.Second)
		if err == nil {
			b := make([]byte, 6)
			c.SetReadDeadline(time.Now().Add(2 * time.Second))
			n, _ := io.ReadFull(c, b)
			c.Close()
			fmt.Printf("LEAK: reached %s %s (%q)\n", arg(0), arg(1), b[:n])
		}
		return 0
	case "validate":
		// validate URL: upload a one-line CSV; print the answer.
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		fw, _ := mw.CreateFormFile("file", "submission.csv")
		io.WriteString(fw, "id\n")
		mw.Close()
		c := &http.Client{Timeout: 5 * time.Second}
		resp, err := c.Post(arg(0), mw.FormDataContentType(), &body)
		if err != nil {
			fmt.Println("validate:", err)
			return 0
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Printf("validate: %d %s\n", resp.StatusCode, bytes.TrimSpace(b))
		return 0
	case "write-forever":
		// write-forever FILE: rewrite FILE every 20ms with a counter.
		for i := 0; ; i++ {
			os.WriteFile(arg(0), []byte(fmt.Sprintf("id,daemon\n%d,%d\n", i, i)), 0o644)
			time.Sleep(20 * time.Millisecond)
		}
	}
	fmt.Fprintf(os.Stderr, "unknown helper verb %q\n", verb)
	return 2
}

// helperAgentDir is an agent directory holding a copy of this test binary
// as "helper" (staged into /home/agent).
func helperAgentDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	in, err := os.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(filepath.Join(dir, "helper"), os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	return dir
}
