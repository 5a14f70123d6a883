// Package dummyagent is MLE-bench's environment self-test agent, as a
// static program that runs in a FROM-scratch image or as a host process.
//
// It performs the original dummy agent's checks and reports each on
// stdout: whether it runs as root (it should not), that it cannot read the
// private answers, what is in the data directory; it copies the sample
// submission to the submission directory, touches a file in the code, logs
// and agent directories (write access), prints the instructions, and
// validates its submission with the validation server.
//
// Paths come from the sandbox environment (SUBMISSION_DIR, LOGS_DIR,
// CODE_DIR, AGENT_DIR, MLEBENCH_HOME, MLEBENCH_PRIVATE_DIR,
// MLEBENCH_VALIDATE_URL), defaulting to the container layout under /home.
//
// Test knobs (not in the original): DUMMY_SLEEP (a Go duration) sleeps
// after the checks, DUMMY_EXIT sets the exit status, DUMMY_REWRITE (a Go
// duration) rewrites the submission once more after that delay (for snapshot
// tests). Main with the argument "idle" blocks until SIGTERM/SIGINT: it is the
// container's keep-alive main process in the FROM-scratch image.
//
// It runs as cmd/dummy-agent and as the mlebench binary itself started under
// the name dummy-agent (mlebench ships its built-in agents inside).
package dummyagent

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Main runs the agent with the program's arguments (without the program
// name) and returns its exit status.
func Main(args []string, stdout io.Writer, getenv func(string) string) int {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	if len(args) > 0 && args[0] == "idle" {
		<-ctx.Done()
		return 0
	}
	return run(ctx, stdout, getenv)
}

type env func(string) string

func (e env) or(key, def string) string {
	if v := e(key); v != "" {
		return v
	}
	return def
}

func run(ctx context.Context, out io.Writer, getenv func(string) string) int {
	e := env(getenv)
	home := e.or("MLEBENCH_HOME", "/home")
	dataDir := filepath.Join(home, "data")
	subDir := e.or("SUBMISSION_DIR", filepath.Join(home, "submission"))
	logsDir := e.or("LOGS_DIR", filepath.Join(home, "logs"))
	codeDir := e.or("CODE_DIR", filepath.Join(home, "code"))
	agentDir := e.or("AGENT_DIR", filepath.Join(home, "agent"))
	privateDir := e.or("MLEBENCH_PRIVATE_DIR", "/private")
	url := e.or("MLEBENCH_VALIDATE_URL", "http://localhost:5000/validate")
	p := func(format string, args ...any) { fmt.Fprintf(out, format+"\n", args...) }
	status := 0

	// 1. Who am I?
	if uid := os.Geteuid(); uid == 0 {
		p("dummy: running as root (uid 0) - UNEXPECTED, agents should run unprivileged")
	} else {
		p("dummy: not running as root (uid %d, gid %d)", uid, os.Getegid())
	}
	p("dummy: competition %s", e.or("COMPETITION_ID", "(unset)"))

	// 2. The private answers must be out of reach.
	if leaked := tryPrivate(privateDir); len(leaked) == 0 {
		p("dummy: could not read the private answers at %s (as expected)", privateDir)
	} else {
		p("dummy: SEALING BROKEN: read private data: %s", strings.Join(leaked, "; "))
		status = 3
	}

	// 3. The public data.
	if names, err := listDir(dataDir); err != nil {
		p("dummy: cannot list %s: %v", dataDir, err)
		status = 1
	} else {
		p("dummy: %s contains: %s", dataDir, strings.Join(names, " "))
	}

	// 4. Submit the sample submission.
	dst := filepath.Join(subDir, "submission.csv")
	src := filepath.Join(dataDir, "sample_submission.csv")
	if _, err := os.Stat(src); err != nil {
		// The original fails here for competitions whose sample has
		// another name; take the first sample_submission*.csv instead.
		if m, _ := filepath.Glob(filepath.Join(dataDir, "sample_submission*.csv")); len(m) > 0 {
			src = m[0]
		}
	}
	if err := copyFile(src, dst); err != nil {
		p("dummy: cannot write the submission: %v", err)
		status = 1
	} else {
		p("dummy: copied %s to %s", src, dst)
	}

	// 5. Write access to the other directories.
	for _, f := range []string{filepath.Join(codeDir, "code.py"), filepath.Join(logsDir, "run.log"), filepath.Join(agentDir, "agent_was_here.txt")} {
		if err := touch(f); err != nil {
			p("dummy: cannot write %s: %v", f, err)
			status = 1
		} else {
			p("dummy: wrote %s", f)
		}
	}

	// 6. The instructions.
	if b, err := os.ReadFile(filepath.Join(home, "instructions.txt")); err != nil {
		p("dummy: cannot read the instructions: %v", err)
		status = 1
	} else {
		p("dummy: instructions:\n%s", strings.TrimRight(string(b), "\n"))
	}

	// 7. Validate the submission.
	if verdict, err := validate(ctx, url, dst); err != nil {
		p("dummy: validation request failed: %v", err)
		status = 1
	} else {
		p("dummy: validation server says: %s", verdict)
	}

	if d, err := time.ParseDuration(getenv("DUMMY_REWRITE")); err == nil && d > 0 {
		sleep(ctx, d)
		// A trailing blank line changes the bytes, not the submission.
		if f, err := os.OpenFile(dst, os.O_APPEND|os.O_WRONLY, 0); err == nil {
			f.WriteString("\n")
			f.Close()
		}
		p("dummy: rewrote the submission")
	}
	if d, err := time.ParseDuration(getenv("DUMMY_SLEEP")); err == nil && d > 0 {
		p("dummy: sleeping %s", d)
		if !sleep(ctx, d) {
			p("dummy: interrupted")
			return 143
		}
	}
	if s := getenv("DUMMY_EXIT"); s != "" {
		if n, err := strconv.Atoi(s); err == nil {
			status = n
		}
	}
	p("dummy: done (exit status %d)", status)
	return status
}

func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// tryPrivate tries to list and read below dir and returns what it managed
// to read (nothing, when sealed).
func tryPrivate(dir string) []string {
	var leaked []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if p != dir {
				leaked = append(leaked, "listed "+p)
			} else if names, err := listDir(p); err == nil && len(names) > 0 {
				leaked = append(leaked, "listed "+p)
			}
			return nil
		}
		if f, err := os.Open(p); err == nil {
			var b [1]byte
			if n, _ := f.Read(b[:]); n > 0 {
				leaked = append(leaked, "read "+p)
			}
			f.Close()
		}
		return nil
	})
	return leaked
}

func listDir(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(ents))
	for i, e := range ents {
		names[i] = e.Name()
	}
	sort.Strings(names)
	return names, nil
}

func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o644)
}

func touch(p string) error {
	f, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	return f.Close()
}

// validate posts the file as multipart field "file", retrying for a while
// when the server is not up yet.
func validate(ctx context.Context, url, path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	var lastErr error
	for attempt := 0; attempt < 30; attempt++ {
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		fw, _ := mw.CreateFormFile("file", filepath.Base(path))
		fw.Write(data)
		mw.Close()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, &body)
		if err != nil {
			return "", err
		}
		req.Header.Set("Content-Type", mw.FormDataContentType())
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			return fmt.Sprintf("%d %s", resp.StatusCode, strings.TrimSpace(string(b))), nil
		}
		lastErr = err
		if !sleep(ctx, time.Second) {
			break
		}
	}
	return "", lastErr
}
