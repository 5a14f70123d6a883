package kubernetes

import (
	"archive/tar"
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// Images without a Docker engine or registry: a FROM-scratch image is one
// layer tar plus a config, written as a docker-archive (`docker save`
// format: manifest.json, <config digest>.json, <layer digest>/layer.tar)
// that `ctr images import`, `docker load` and `podman load` accept. It is
// how the validation server image (one static mlebench binary) and
// FROM-scratch agent images (the dummy agent) get onto a cluster node
// without a registry (Options.ImageLoader).

// imageConfig is the part of an image config this package writes.
type imageConfig struct {
	Entrypoint []string
	Cmd        []string
	Env        []string
	WorkingDir string
	User       string
}

// layerEntry is one file or directory of a layer.
type layerEntry struct {
	Name    string // slash path, no leading slash
	Mode    fs.FileMode
	Dir     bool
	Symlink string // target, for symlinks
	Data    []byte // regular files (or Source)
	Source  string // host file to read instead of Data
}

// writeLayer writes the entries (sorted, owner root, zero times) as a tar.
func writeLayer(w io.Writer, entries []layerEntry) error {
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].Name < entries[j].Name })
	tw := tar.NewWriter(w)
	seen := map[string]int{}
	var uniq []layerEntry
	for _, e := range entries { // later entries win (COPY over COPY)
		if i, ok := seen[e.Name]; ok {
			uniq[i] = e
			continue
		}
		seen[e.Name] = len(uniq)
		uniq = append(uniq, e)
	}
	for _, e := range uniq {
		hdr := &tar.Header{Name: e.Name, Mode: int64(e.Mode.Perm()), Format: tar.FormatPAX}
		if e.Mode&fs.ModeSticky != 0 {
			hdr.Mode |= 0o1000
		}
		switch {
		case e.Dir:
			hdr.Typeflag, hdr.Name = tar.TypeDir, e.Name+"/"
		case e.Symlink != "":
			hdr.Typeflag, hdr.Linkname = tar.TypeSymlink, e.Symlink
		default:
			hdr.Typeflag = tar.TypeReg
			if e.Source != "" {
				st, err := os.Stat(e.Source)
				if err != nil {
					return err
				}
				hdr.Size = st.Size()
			} else {
				hdr.Size = int64(len(e.Data))
			}
		}
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		if hdr.Typeflag == tar.TypeReg {
			if e.Source != "" {
				f, err := os.Open(e.Source)
				if err != nil {
					return err
				}
				_, err = io.CopyN(tw, f, hdr.Size)
				f.Close()
				if err != nil {
					return err
				}
			} else if _, err := tw.Write(e.Data); err != nil {
				return err
			}
		}
	}
	return tw.Close()
}

// WriteImageArchive writes a one-layer image named ref as a docker-archive
// to out.
func writeImageArchive(out string, ref string, entries []layerEntry, cfg imageConfig) error {
	var layer bytes.Buffer
	if err := writeLayer(&layer, entries); err != nil {
		return fmt.Errorf("image %s: writing its layer: %w", ref, err)
	}
	diff := sha256.Sum256(layer.Bytes())
	diffHex := hex.EncodeToString(diff[:])
	config := map[string]any{
		"architecture": runtime.GOARCH,
		"os":           "linux",
		"config": map[string]any{
			"Entrypoint": cfg.Entrypoint, "Cmd": cfg.Cmd, "Env": cfg.Env,
			"WorkingDir": cfg.WorkingDir, "User": cfg.User,
		},
		"rootfs":  map[string]any{"type": "layers", "diff_ids": []string{"sha256:" + diffHex}},
		"history": []map[string]string{{"created_by": "mlebench"}},
	}
	cb, err := json.Marshal(config)
	if err != nil {
		return err
	}
	cs := sha256.Sum256(cb)
	cfgName := hex.EncodeToString(cs[:]) + ".json"
	manifest, err := json.Marshal([]map[string]any{{"Config": cfgName, "RepoTags": []string{normalizeRef(ref)}, "Layers": []string{diffHex + "/layer.tar"}}})
	if err != nil {
		return err
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(f)
	add := func(name string, b []byte) error {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(b)), Typeflag: tar.TypeReg}); err != nil {
			return err
		}
		_, err := tw.Write(b)
		return err
	}
	err = tw.WriteHeader(&tar.Header{Name: diffHex + "/", Mode: 0o755, Typeflag: tar.TypeDir})
	if err == nil {
		err = add(diffHex+"/layer.tar", layer.Bytes())
	}
	if err == nil {
		err = add(cfgName, cb)
	}
	if err == nil {
		err = add("manifest.json", manifest)
	}
	if err == nil {
		err = tw.Close()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing image archive %s: %w", out, err)
	}
	return nil
}

// normalizeRef is ref as the kubelet resolves it: a first component
// without a dot, colon or "localhost" is not a registry (docker.io, and
// library/ for one-component names), and a missing tag is "latest".
func normalizeRef(ref string) string {
	name, tag := ref, ""
	if i := strings.LastIndex(ref, ":"); i > strings.LastIndex(ref, "/") {
		name, tag = ref[:i], ref[i:]
	}
	if strings.Contains(name, "@") {
		return ref
	}
	first, _, hasSlash := strings.Cut(name, "/")
	if !hasSlash || !(strings.ContainsAny(first, ".:") || first == "localhost") {
		if !strings.Contains(name, "/") {
			name = "library/" + name
		}
		name = "docker.io/" + name
	}
	if tag == "" {
		tag = ":latest"
	}
	return name + tag
}

// serverImageEntries is the validation server image: /mlebench and /tmp.
func serverImageEntries(bin string) []layerEntry {
	return []layerEntry{
		{Name: "mlebench", Mode: 0o755, Source: bin},
		{Name: "tmp", Dir: true, Mode: 0o777 | fs.ModeSticky},
	}
}

// writeRootfs writes the environment tree FROM-scratch agent images copy
// from _mlebench/rootfs (the tree the docker backend stages): users root
// and nonroot (uid 1000), /home with its writable directories, /private
// (root only) and /tmp.
func writeRootfs(dir string) error {
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
	files := map[string]string{
		"etc/passwd": "root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:1000:1000:nonroot:/home/nonroot:/sbin/nologin\n",
		"etc/group":  "root:x:0:\nnonroot:x:1000:\n",
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			return err
		}
	}
	return nil
}

var varRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)`)
})

// scratchImage interprets a FROM-scratch Dockerfile over the staged build
// context ctxDir (where "_mlebench/rootfs" is the environment tree):
// FROM scratch, ARG, ENV, COPY (files and directories of the context),
// WORKDIR, USER, ENTRYPOINT and CMD (JSON form), LABEL (ignored). Anything
// else — RUN, another base image — is an error: such images need a real
// builder and a registry.
func scratchImage(ctxDir, dockerfile string, buildArgs map[string]string) ([]layerEntry, imageConfig, error) {
	var cfg imageConfig
	var entries []layerEntry
	vars := map[string]string{}
	f, err := os.Open(dockerfile)
	if err != nil {
		return nil, cfg, err
	}
	defer f.Close()
	expand := func(s string) string {
		return varRE().ReplaceAllStringFunc(s, func(m string) string {
			k := strings.Trim(strings.TrimPrefix(m, "$"), "{}")
			return vars[k]
		})
	}
	sc := bufio.NewScanner(f)
	var lines []string
	cont := ""
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if strings.HasSuffix(l, "\\") {
			cont += strings.TrimSuffix(l, "\\") + " "
			continue
		}
		lines = append(lines, cont+l)
		cont = ""
	}
	if err := sc.Err(); err != nil {
		return nil, cfg, err
	}
	from := false
	for _, l := range lines {
		instr, rest, _ := strings.Cut(l, " ")
		rest = strings.TrimSpace(rest)
		switch strings.ToUpper(instr) {
		case "FROM":
			if strings.Fields(rest)[0] != "scratch" {
				return nil, cfg, fmt.Errorf("%s: only FROM scratch images can be built without a Docker engine (%q)", dockerfile, l)
			}
			from = true
		case "ARG":
			k, v, hasDefault := strings.Cut(rest, "=")
			if b, ok := buildArgs[k]; ok {
				v = b
			} else if !hasDefault {
				v = ""
			}
			vars[k] = expand(v)
		case "ENV":
			for _, kv := range splitEnv(rest) {
				k, v, _ := strings.Cut(kv, "=")
				v = expand(v)
				vars[k] = v
				cfg.Env = setEnv(cfg.Env, k, v)
			}
		case "WORKDIR":
			cfg.WorkingDir = expand(rest)
		case "USER":
			cfg.User = expand(rest)
		case "LABEL":
		case "ENTRYPOINT", "CMD":
			var argv []string
			if err := json.Unmarshal([]byte(rest), &argv); err != nil {
				return nil, cfg, fmt.Errorf("%s: %s must be in JSON form: %q", dockerfile, instr, l)
			}
			if strings.EqualFold(instr, "CMD") {
				cfg.Cmd = argv
			} else {
				cfg.Entrypoint = argv
			}
		case "COPY":
			fields := strings.Fields(expand(rest))
			var args []string
			for _, a := range fields {
				if !strings.HasPrefix(a, "--") {
					args = append(args, a)
				}
			}
			if len(args) < 2 {
				return nil, cfg, fmt.Errorf("%s: bad COPY %q", dockerfile, l)
			}
			dst := args[len(args)-1]
			srcs := args[:len(args)-1]
			dstDir := strings.HasSuffix(dst, "/") || len(srcs) > 1
			for _, s := range srcs {
				e, err := copyEntries(ctxDir, s, dst, dstDir)
				if err != nil {
					return nil, cfg, fmt.Errorf("%s: %q: %w", dockerfile, l, err)
				}
				entries = append(entries, e...)
			}
		default:
			return nil, cfg, fmt.Errorf("%s: %s is not supported without a Docker engine (%q)", dockerfile, instr, l)
		}
	}
	if !from {
		return nil, cfg, fmt.Errorf("%s: no FROM", dockerfile)
	}
	if cfg.Env == nil {
		cfg.Env = []string{"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"}
	}
	return parents(entries), cfg, nil
}

func splitEnv(s string) []string {
	if !strings.Contains(s, "=") {
		k, v, _ := strings.Cut(s, " ")
		return []string{k + "=" + strings.TrimSpace(v)}
	}
	return strings.Fields(s)
}

func setEnv(env []string, k, v string) []string {
	for i, kv := range env {
		if strings.HasPrefix(kv, k+"=") {
			env[i] = k + "=" + v
			return env
		}
	}
	return append(env, k+"="+v)
}

// copyEntries is COPY src dst of the build context.
func copyEntries(ctxDir, src, dst string, dstDir bool) ([]layerEntry, error) {
	rel := filepath.Clean(filepath.FromSlash(src))
	if !filepath.IsLocal(rel) && rel != "." {
		return nil, fmt.Errorf("%s is outside the build context", src)
	}
	srcPath := filepath.Join(ctxDir, rel)
	st, err := os.Lstat(srcPath)
	if err != nil {
		return nil, err
	}
	dst = strings.TrimPrefix(path.Clean("/"+dst), "/")
	if !st.IsDir() {
		name := dst
		if dstDir {
			name = path.Join(dst, filepath.Base(srcPath))
		}
		return []layerEntry{{Name: name, Mode: st.Mode(), Source: srcPath}}, nil
	}
	var out []layerEntry
	err = filepath.WalkDir(srcPath, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		r, _ := filepath.Rel(srcPath, p)
		name := path.Join(dst, filepath.ToSlash(r))
		if name == "" || name == "." {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			out = append(out, layerEntry{Name: name, Dir: true, Mode: info.Mode()})
		case info.Mode()&fs.ModeSymlink != 0:
			l, err := os.Readlink(p)
			if err != nil {
				return err
			}
			out = append(out, layerEntry{Name: name, Symlink: l, Mode: 0o777})
		case info.Mode().IsRegular():
			out = append(out, layerEntry{Name: name, Mode: info.Mode(), Source: p})
		}
		return nil
	})
	return out, err
}

// parents adds the missing parent directories (mode 0755).
func parents(entries []layerEntry) []layerEntry {
	have := map[string]bool{}
	for _, e := range entries {
		if e.Dir {
			have[e.Name] = true
		}
	}
	out := entries
	for _, e := range entries {
		for d := path.Dir(e.Name); d != "." && d != "/" && d != ""; d = path.Dir(d) {
			if !have[d] {
				have[d] = true
				out = append(out, layerEntry{Name: d, Dir: true, Mode: 0o755})
			}
		}
	}
	return out
}
