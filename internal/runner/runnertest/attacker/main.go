// Command attacker is the adversarial agent of the runner's attack tests:
// a static program that runs in a FROM-scratch image or as a host process
// and attacks the harness from inside its sandbox. The first argument
// picks the attack:
//
//	idle                      block until SIGTERM (the image's main process)
//	lease-daemon              write submission.csv, leave a setsid daemon
//	                          that holds a write lease on it (rewriting it on
//	                          every lease break) and keeps stdout open, exit
//	sparse-log BYTES          write a valid-looking submission and a sparse
//	                          log of BYTES bytes
//	sparse-submission BYTES N PAUSE
//	                          rewrite submission.csv N times as a sparse file
//	                          of BYTES bytes, each version different
//	upload-empty BYTES        upload BYTES of empty CSV cells to the
//	                          validation server, then hold 8 uploads open at
//	                          once; print the answers
//
// Paths come from SUBMISSION_DIR and LOGS_DIR (default /home/…), the
// server from MLEBENCH_VALIDATE_URL (default http://localhost:5000/validate).
package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

func getenv(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: attacker ATTACK [ARGS]")
		os.Exit(2)
	}
	sub := getenv("SUBMISSION_DIR", "/home/submission")
	logs := getenv("LOGS_DIR", "/home/logs")
	subFile := filepath.Join(sub, "submission.csv")
	var err error
	switch os.Args[1] {
	case "idle":
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
		defer stop()
		<-ctx.Done()
		return
	case "lease-daemon":
		err = leaseDaemon(subFile)
	case "daemon":
		err = daemon(subFile)
	case "sparse-log":
		if err = os.WriteFile(subFile, []byte("agent\n"), 0o644); err == nil {
			err = sparse(filepath.Join(logs, "big.log"), arg(2), 'L')
		}
	case "sparse-submission":
		n, pause := arg(3), time.Duration(arg(4))*time.Millisecond
		for i := int64(0); i < n && err == nil; i++ {
			tmp := subFile + ".tmp"
			if err = sparse(tmp, arg(2), byte('a'+i)); err == nil {
				err = os.Rename(tmp, subFile)
			}
			fmt.Printf("attacker: version %d written\n", i)
			time.Sleep(pause)
		}
	case "upload-empty":
		err = uploads(getenv("MLEBENCH_VALIDATE_URL", "http://localhost:5000/validate"), arg(2))
	default:
		err = fmt.Errorf("unknown attack %q", os.Args[1])
	}
	if err != nil {
		fmt.Println("attacker:", err)
		os.Exit(1)
	}
}

func arg(i int) int64 {
	if len(os.Args) <= i {
		fmt.Fprintf(os.Stderr, "attacker: argument %d missing\n", i)
		os.Exit(2)
	}
	n, err := strconv.ParseInt(os.Args[i], 10, 64)
	if err != nil {
		fmt.Fprintf(os.Stderr, "attacker: %v\n", err)
		os.Exit(2)
	}
	return n
}

// sparse writes a file of size bytes holding only first at offset 0.
func sparse(path string, size int64, first byte) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := f.Truncate(size); err != nil {
		f.Close()
		return err
	}
	if _, err := f.WriteAt([]byte{first}, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func leaseDaemon(subFile string) error {
	if err := os.WriteFile(subFile, []byte("agent\n"), 0o644); err != nil {
		return err
	}
	ready := subFile + ".ready"
	os.Remove(ready)
	cmd := exec.Command(os.Args[0], "daemon")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr // keeps the agent's output open
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		return err
	}
	for i := 0; i < 100; i++ {
		if _, err := os.Stat(ready); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	os.Remove(ready)
	// Let a few snapshots run into the lease.
	time.Sleep(3 * time.Second)
	fmt.Println("attacker: agent exits, daemon stays")
	return nil
}

// daemon holds a write lease on submission.csv. Once the agent has exited
// (the daemon's parent changes) and 10 s more have passed — far longer
// than a harness needs to stop the sandbox — it rewrites the file with
// "late" versions every 200 ms. On a lease break it keeps the lease until
// that moment (the kernel allows 45 s), writes a late version and only
// then lets the reader in, so a harness that copies while the daemon
// lives copies the daemon's version.
func daemon(subFile string) error {
	sigs := make(chan os.Signal, 16)
	signal.Notify(sigs, syscall.SIGIO)
	signal.Ignore(syscall.SIGHUP)
	parent := os.Getppid()
	var lateAt time.Time
	isLate := func() bool {
		if lateAt.IsZero() && os.Getppid() != parent {
			lateAt = time.Now().Add(10 * time.Second)
		}
		return !lateAt.IsZero() && time.Now().After(lateAt)
	}
	var f *os.File
	lease := func() {
		for {
			var err error
			f, err = os.OpenFile(subFile, os.O_RDWR, 0)
			if err == nil {
				if _, _, e := syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), syscall.F_SETLEASE, syscall.F_WRLCK); e == 0 {
					return
				}
				f.Close()
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	lease()
	os.WriteFile(subFile+".ready", nil, 0o644)
	fmt.Println("attacker: daemon holds a write lease on", subFile)
	tick := time.NewTicker(100 * time.Millisecond)
	n := 0
	for {
		select {
		case <-sigs:
			// Hold the lease until late (at most 30 s), then write.
			for deadline := time.Now().Add(30 * time.Second); !isLate() && time.Now().Before(deadline); {
				time.Sleep(100 * time.Millisecond)
			}
			if isLate() {
				f.Truncate(0)
				f.WriteAt([]byte("daemon late lease break\n"), 0)
			}
			syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), syscall.F_SETLEASE, syscall.F_UNLCK)
			f.Close()
			time.Sleep(100 * time.Millisecond)
			lease()
		case <-tick.C:
			if isLate() {
				n++
				f.Truncate(0)
				f.WriteAt([]byte(fmt.Sprintf("daemon late %d\n", n)), 0)
			}
		}
	}
}
func post(url string, body io.Reader, ctype string) string {
	resp, err := http.Post(url, ctype, body)
	if err != nil {
		return "error " + err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	return fmt.Sprintf("%d %s", resp.StatusCode, strings.TrimSpace(string(b)))
}

func uploads(url string, size int64) error {
	// 1. Empty cells, generated while sent.
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		w, err := mw.CreateFormFile("file", "submission.csv")
		chunk := bytes.Repeat([]byte(",\n"), 32<<10)
		for left := size; err == nil && left > 0; left -= int64(len(chunk)) {
			_, err = w.Write(chunk[:min(int64(len(chunk)), left)])
		}
		if err == nil {
			err = mw.Close()
		}
		pw.CloseWithError(err)
	}()
	fmt.Println("attacker: empty cells:", post(url, pr, mw.FormDataContentType()))

	// 2. Uploads held open.
	var wg sync.WaitGroup
	var mu sync.Mutex
	var answers []string
	var writers []*io.PipeWriter
	for i := 0; i < 8; i++ {
		pr, pw := io.Pipe()
		writers = append(writers, pw)
		mw := multipart.NewWriter(pw)
		go func() {
			if w, err := mw.CreateFormFile("file", "submission.csv"); err == nil {
				w.Write(bytes.Repeat([]byte("x\n"), 100))
			}
		}()
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := post(url, pr, mw.FormDataContentType())
			mu.Lock()
			answers = append(answers, a)
			mu.Unlock()
			pr.CloseWithError(io.ErrClosedPipe)
		}()
	}
	time.Sleep(3 * time.Second)
	for _, w := range writers {
		w.CloseWithError(io.ErrUnexpectedEOF)
	}
	wg.Wait()
	for _, a := range answers {
		fmt.Println("attacker: held upload:", a)
	}
	return nil
}
