//go:build linux

package local

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/mlebench/mlebench/internal/agent"
)

// startUnsealed runs the agent as a plain host process of the runner's own
// user (Options.AllowUnsealed, where no sandbox can be built): its /home
// is <run dir>/home, host paths and a loopback port replace /home and
// localhost:5000 in its argv, environment and instructions, and it can
// read the answers. The run.log says so.
func (sb *sandbox) startUnsealed(staged string) (err error) {
	spec, b := sb.spec, sb.b
	paths := spec.Competition.PathsIn(spec.DataDir)
	fmt.Fprintf(spec.Output, "WARNING: UNSEALED RUN: the agent runs as uid %d, the runner's own user, and can read the private answers at %s\n", os.Geteuid(), paths.Private)
	b.opt.Log.Warn("UNSEALED local run: the agent can read the answers", "run", spec.RunID)
	defer func() {
		if err != nil {
			sb.Stop(context.Background())
		}
	}()
	sb.base = filepath.Join(spec.RunDir, "home")
	sb.home = sb.base
	makeWritable(sb.home)
	if err := os.RemoveAll(sb.home); err != nil {
		return err
	}
	for _, d := range []string{"", "submission", "logs", "code", "tmp", "nonroot"} {
		if err := os.MkdirAll(filepath.Join(sb.home, d), 0o755); err != nil {
			return err
		}
	}
	if err := copyTree(staged, filepath.Join(sb.home, "agent"), nil); err != nil {
		return fmt.Errorf("installing the agent: %w", err)
	}
	if err := copyTree(paths.Public, filepath.Join(sb.home, "data"), nil); err != nil {
		return fmt.Errorf("installing the public data: %w", err)
	}
	if err := readOnly(filepath.Join(sb.home, "data")); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("validation server: %w", err)
	}
	if err := sb.serve(ln, paths.Private); err != nil {
		return err
	}
	url := "http://" + ln.Addr().String() + "/validate"
	host := func(s string) string {
		s = strings.ReplaceAll(s, agent.Home+"/", sb.home+"/")
		if s == agent.Home {
			s = sb.home
		}
		return strings.ReplaceAll(s, agent.ValidateURL, url)
	}
	for name, text := range sb.spec.HomeFiles {
		if err := os.WriteFile(filepath.Join(sb.home, name), []byte(host(string(text))), agent.HomeFileMode(name)); err != nil {
			return err
		}
	}
	path := os.Getenv("PATH")
	if path == "" {
		path = "/usr/local/bin:/usr/bin:/bin"
	}
	env := []string{"PATH=" + path, "HOME=" + filepath.Join(sb.home, "nonroot"), "TMPDIR=" + filepath.Join(sb.home, "tmp"), "LANG=C.UTF-8"}
	for _, e := range append(append(append([]string(nil), spec.Env...), agent.Container.DirEnv()...), agent.EnvPrivateDir+"="+paths.Private) {
		k, v, _ := strings.Cut(e, "=")
		env = append(env, k+"="+host(v))
	}
	argv := make([]string, len(spec.Argv))
	for i, a := range spec.Argv {
		argv[i] = host(a)
	}
	if lim := spec.Container.MemLimit; lim > 0 {
		argv = append([]string{"/bin/sh", "-c", fmt.Sprintf("ulimit -v %d && exec \"$@\"", (lim+1023)/1024), "mlebench-agent"}, argv...)
	}
	bin := argv[0]
	if !strings.Contains(bin, "/") {
		if bin, err = exec.LookPath(bin); err != nil {
			return fmt.Errorf("agent command: %w", err)
		}
	}
	sb.cmd = &exec.Cmd{Path: bin, Args: argv, Env: dedupEnv(env), Dir: sb.home, Stdout: spec.Output, Stderr: spec.Output, WaitDelay: 5 * time.Second}
	sb.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := sb.startAndWait(nil); err != nil {
		return fmt.Errorf("starting the agent: %w", err)
	}
	return nil
}
