package docker

import (
	"archive/tar"
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/moby/moby/client"

	"github.com/mlebench/mlebench/internal/agent"
)

// Image labels.
const (
	labelContextHash = "org.mlebench.context-sha256"
)

// contextTar writes dir as a deterministic build context: sorted entries,
// owner root, zero times, modes kept (including the sticky bit).
func contextTar(w io.Writer, dir string) error {
	tw := tar.NewWriter(w)
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != dir {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	sort.Strings(paths)
	for _, p := range paths {
		st, err := os.Lstat(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		hdr := &tar.Header{Name: filepath.ToSlash(rel), Mode: int64(st.Mode().Perm()), Format: tar.FormatPAX}
		if st.Mode()&fs.ModeSticky != 0 {
			hdr.Mode |= 0o1000
		}
		switch {
		case st.IsDir():
			hdr.Typeflag, hdr.Name = tar.TypeDir, hdr.Name+"/"
		case st.Mode()&fs.ModeSymlink != 0:
			l, err := os.Readlink(p)
			if err != nil {
				return err
			}
			hdr.Typeflag, hdr.Linkname = tar.TypeSymlink, l
		case st.Mode().IsRegular():
			hdr.Typeflag, hdr.Size = tar.TypeReg, st.Size()
		default:
			continue
		}
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		if hdr.Typeflag == tar.TypeReg {
			f, err := os.Open(p)
			if err != nil {
				return err
			}
			_, err = io.Copy(tw, f)
			f.Close()
			if err != nil {
				return err
			}
		}
	}
	return tw.Close()
}

func contextHash(dir string) (string, error) {
	h := sha256.New()
	if err := contextTar(h, dir); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// imageLabels returns the labels of a local image, or ok=false when it
// does not exist.
func (b *Backend) imageLabels(ctx context.Context, ref string) (map[string]string, bool, error) {
	res, err := b.cli.ImageInspect(ctx, ref)
	if cerrdefs.IsNotFound(err) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("inspecting image %s: %w", ref, err)
	}
	labels := map[string]string{}
	if res.Config != nil {
		for k, v := range res.Config.Labels {
			labels[k] = v
		}
	}
	return labels, true, nil
}

// build builds dir (a context with a Dockerfile) as tag, labelled with the
// context hash.
func (b *Backend) build(ctx context.Context, dir, dockerfile, tag, hash string, buildArgs map[string]string) error {
	b.builds.Add(1)
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(contextTar(pw, dir)) }()
	args := map[string]*string{}
	for k, v := range buildArgs {
		v := v
		args[k] = &v
	}
	res, err := b.cli.ImageBuild(ctx, pr, client.ImageBuildOptions{
		Tags:        []string{tag},
		Dockerfile:  dockerfile,
		Remove:      true,
		ForceRemove: true,
		BuildArgs:   args,
		Labels:      map[string]string{labelContextHash: hash},
		NetworkMode: "none",
	})
	if err != nil {
		pr.CloseWithError(err)
		return fmt.Errorf("building image %s: %w", tag, err)
	}
	defer res.Body.Close()
	var tail []string
	dec := json.NewDecoder(res.Body)
	for {
		var msg struct {
			Stream      string `json:"stream"`
			Error       string `json:"error"`
			ErrorDetail struct {
				Message string `json:"message"`
			} `json:"errorDetail"`
		}
		if err := dec.Decode(&msg); err == io.EOF {
			break
		} else if err != nil {
			return fmt.Errorf("building image %s: reading the engine's output: %w", tag, err)
		}
		if s := strings.TrimSpace(msg.Stream); s != "" {
			tail = append(tail, s)
			if len(tail) > 10 {
				tail = tail[1:]
			}
		}
		if msg.Error != "" {
			return fmt.Errorf("building image %s: %s\n%s", tag, msg.Error, strings.Join(tail, "\n"))
		}
	}
	if _, ok, err := b.imageLabels(ctx, tag); err != nil || !ok {
		return fmt.Errorf("building image %s: the image is missing afterwards (%v)\n%s", tag, err, strings.Join(tail, "\n"))
	}
	return nil
}

// ensureImage builds tag from dir unless an image with the same context
// hash exists. Images built by someone else (no hash label) are used as
// they are. When the Dockerfile's bases are not available locally
// (nothing can be pulled here) and the image is missing, it explains how
// to build it.
func (b *Backend) ensureImage(ctx context.Context, dir, dockerfile, tag string, buildArgs map[string]string, hint string) error {
	hash, err := contextHash(dir)
	if err != nil {
		return err
	}
	labels, exists, err := b.imageLabels(ctx, tag)
	if err != nil {
		return err
	}
	if exists && (labels[labelContextHash] == hash || labels[labelContextHash] == "") {
		return nil
	}
	missing, err := b.missingBases(ctx, filepath.Join(dir, dockerfile))
	if err != nil {
		return err
	}
	if len(missing) > 0 {
		if exists {
			return nil // stale but unbuildable here: use what there is
		}
		return fmt.Errorf("image %s is missing and cannot be built here: base image(s) %s not available locally (no registry access); %s",
			tag, strings.Join(missing, ", "), hint)
	}
	b.opt.Log.Info("building image", "tag", tag)
	var oldID string
	if exists {
		if res, err := b.cli.ImageInspect(ctx, tag); err == nil {
			oldID = res.ID
		}
	}
	if err := b.build(ctx, dir, dockerfile, tag, hash, buildArgs); err != nil {
		return err
	}
	if oldID != "" {
		// The replaced image is now untagged; remove it unless a container
		// still uses it.
		b.cli.ImageRemove(ctx, oldID, client.ImageRemoveOptions{PruneChildren: true})
	}
	return nil
}

// missingBases lists the FROM images of a Dockerfile that are neither
// scratch, an earlier stage, nor present locally.
func (b *Backend) missingBases(ctx context.Context, dockerfile string) ([]string, error) {
	f, err := os.Open(dockerfile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	stages := map[string]bool{}
	var missing []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 || !strings.EqualFold(fields[0], "FROM") {
			continue
		}
		var img string
		for _, fl := range fields[1:] {
			if !strings.HasPrefix(fl, "--") {
				img = fl
				break
			}
		}
		if len(fields) >= 4 && strings.EqualFold(fields[len(fields)-2], "AS") {
			stages[strings.ToLower(fields[len(fields)-1])] = true
		}
		if img == "" || img == "scratch" || stages[strings.ToLower(img)] || strings.Contains(img, "$") {
			continue
		}
		if _, ok, err := b.imageLabels(ctx, img); err != nil {
			return nil, err
		} else if !ok {
			missing = append(missing, img)
		}
	}
	return missing, sc.Err()
}

// rootfs writes the environment tree a FROM-scratch agent image copies:
// users root and nonroot (uid 1000), /home with writable output
// directories, /private (root only) and /tmp. The instructions are not
// part of the image: they are the original's texts, written into each
// container at run time (putHomeFiles).
func rootfs(dir string) error {
	files := []struct {
		path string
		mode fs.FileMode
		data string
	}{
		{"etc/passwd", 0o644, "root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:1000:1000:nonroot:/home/nonroot:/sbin/nologin\n"},
		{"etc/group", 0o644, "root:x:0:\nnonroot:x:1000:\n"},
	}
	dirs := []struct {
		path string
		mode fs.FileMode
	}{
		{"etc", 0o755}, {"home", 0o755}, {"home/submission", 0o777}, {"home/logs", 0o777}, {"home/code", 0o777},
		{"home/agent", 0o777}, {"home/nonroot", 0o777}, {"private", 0o700}, {"tmp", 0o777 | fs.ModeSticky},
	}
	for _, d := range dirs {
		p := filepath.Join(dir, d.path)
		if err := os.MkdirAll(p, 0o755); err != nil {
			return err
		}
		if err := os.Chmod(p, d.mode); err != nil {
			return err
		}
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.path), []byte(f.data), f.mode); err != nil {
			return err
		}
		if err := os.Chmod(filepath.Join(dir, f.path), f.mode); err != nil {
			return err
		}
	}
	return nil
}

// agentContext stages the agent's build context in a temporary directory.
func (b *Backend) agentContext(ctx context.Context, a *agent.Agent) (string, error) {
	dir, err := os.MkdirTemp("", "mlebench-build-")
	if err != nil {
		return "", err
	}
	ctxDir := filepath.Join(dir, "context")
	if err := a.Stage(ctx, ctxDir, b.opt.Stage); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	if err := rootfs(filepath.Join(ctxDir, "_mlebench", "rootfs")); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	return dir, nil
}

// serverBinary finds a static mlebench executable for the server image:
// Options.ServerBinary, else the running program if static, else a build
// of ./cmd/mlebench from the repository root.
func (b *Backend) serverBinary(ctx context.Context, repoRoot, tmp string) (string, error) {
	if p := b.opt.ServerBinary; p != "" {
		return p, agent.CheckStatic(p)
	}
	if exe, err := os.Executable(); err == nil && agent.CheckStatic(exe) == nil && strings.HasPrefix(filepath.Base(exe), "mlebench") {
		return exe, nil
	}
	if repoRoot == "" {
		return "", errors.New("no static mlebench binary for the validation server image: build mlebench with CGO_ENABLED=0 (or pass its path)")
	}
	out := filepath.Join(tmp, "mlebench")
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-o", out, "./cmd/mlebench")
	cmd.Dir = repoRoot
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH="+runtime.GOARCH)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("building a static mlebench for the validation server image: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// ensureServerImage builds the FROM-scratch validation server image
// around a static mlebench binary.
func (b *Backend) ensureServerImage(ctx context.Context, repoRoot string) error {
	tmp, err := os.MkdirTemp("", "mlebench-server-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin, err := b.serverBinary(ctx, repoRoot, tmp)
	if err != nil {
		return err
	}
	if err := b.keepHelper(bin); err != nil {
		return err
	}
	ctxDir := filepath.Join(tmp, "context")
	if err := os.MkdirAll(filepath.Join(ctxDir, "rootfs", "tmp"), 0o755); err != nil {
		return err
	}
	os.Chmod(filepath.Join(ctxDir, "rootfs", "tmp"), 0o777|fs.ModeSticky)
	if err := copyFile(bin, filepath.Join(ctxDir, "mlebench"), 0o755); err != nil {
		return err
	}
	dockerfile := "FROM scratch\nCOPY rootfs/ /\nCOPY mlebench /mlebench\nENTRYPOINT [\"/mlebench\"]\n"
	if err := os.WriteFile(filepath.Join(ctxDir, "Dockerfile"), []byte(dockerfile), 0o644); err != nil {
		return err
	}
	return b.ensureImage(ctx, ctxDir, "Dockerfile", b.opt.ServerImage, nil, "")
}

func copyFile(src, dst string, mode fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// AgentIdentity names the agent's image and its content digest (image ID).
func (b *Backend) AgentIdentity(ctx context.Context, a *agent.Agent) (image, digest, binarySHA256 string) {
	res, err := b.cli.ImageInspect(ctx, a.Name)
	if err != nil {
		return a.Name, "", ""
	}
	return a.Name, res.ID, ""
}
