// Command answerhunt is the adversarial agent of the kubernetes backend's
// attack test: inside its sandbox pod it looks for the private answers
// and for a way to the Kubernetes API, then submits the sample
// submission. It searches every readable file outside /proc, /sys and
// /dev for the needle ($HUNT_NEEDLE_HEX decoded: a random string that exists only in the
// competition's private directory), the environment and command lines of
// every visible process, its mounts for a private directory, the
// well-known service-account token paths, and tries the API server and
// the kubelet at the addresses a pod could use. It prints one
// "hunt: FOUND …" line per finding, then "hunt: found nothing" or
// "hunt: N findings", and exits 0.
package main

import (
	"bytes"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"
)

func main() {
	// The needle arrives hex-encoded, so the environment that carries it
	// (this process's and its parents') does not itself hold it.
	needle, err := hex.DecodeString(os.Getenv("HUNT_NEEDLE_HEX"))
	if err != nil || len(needle) < 8 {
		fmt.Println("hunt: HUNT_NEEDLE_HEX missing or not hex")
		os.Exit(2)
	}
	var found []string
	report := func(format string, args ...any) {
		s := fmt.Sprintf(format, args...)
		found = append(found, s)
		fmt.Println("hunt: FOUND " + s)
	}
	files, scanned := 0, int64(0)
	filepath.WalkDir("/", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (p == "/proc" || p == "/sys" || p == "/dev") {
			return filepath.SkipDir
		}
		if !d.Type().IsRegular() {
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			return nil
		}
		defer f.Close()
		b, _ := io.ReadAll(io.LimitReader(f, 64<<20))
		files++
		scanned += int64(len(b))
		if bytes.Contains(b, needle) {
			report("the needle in %s", p)
		}
		return nil
	})
	fmt.Printf("hunt: scanned %d files, %d bytes\n", files, scanned)
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range procs {
		for _, f := range []string{"environ", "cmdline"} {
			b, err := os.ReadFile(filepath.Join(p, f))
			if err == nil && bytes.Contains(b, needle) {
				report("the needle in %s/%s", p, f)
			}
		}
		if _, err := os.ReadDir(filepath.Join(p, "root", "private")); err == nil && p != "/proc/self" {
			if b, err := os.ReadFile(filepath.Join(p, "cmdline")); err == nil && bytes.Contains(b, []byte("serve")) {
				report("the server's root file system through %s/root", p)
			}
		}
	}
	fmt.Printf("hunt: %d processes visible\n", len(procs))
	if b, err := os.ReadFile("/proc/self/mountinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.Contains(l, "/prepared/private") {
				report("a private mount: %s", l)
			}
		}
	}
	for _, p := range []string{"/var/run/secrets/kubernetes.io/serviceaccount/token", "/run/secrets/kubernetes.io/serviceaccount/token"} {
		if _, err := os.Stat(p); err == nil {
			report("a service-account token at %s", p)
		}
	}
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); strings.Contains(strings.ToUpper(k), "TOKEN") {
			report("a token variable %s", k)
		}
	}
	cli := &http.Client{Timeout: 3 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
	targets := []string{"https://10.88.0.1:6443/api/v1/pods", "https://10.88.0.1:10250/pods", "https://127.0.0.1:6443/api/v1/pods", "https://127.0.0.1:10250/pods"}
	if h, p := os.Getenv("KUBERNETES_SERVICE_HOST"), os.Getenv("KUBERNETES_SERVICE_PORT"); h != "" {
		targets = append(targets, "https://"+h+":"+p+"/api/v1/pods")
	}
	targets = append(targets, "https://kubernetes.default.svc/api/v1/pods")
	for _, u := range targets {
		resp, err := cli.Get(u)
		if err != nil {
			fmt.Printf("hunt: %s: %v\n", u, err)
			continue
		}
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
		resp.Body.Close()
		fmt.Printf("hunt: %s: HTTP %d\n", u, resp.StatusCode)
		if resp.StatusCode == 200 {
			report("an open API at %s", u)
		}
		if bytes.Contains(b, needle) {
			report("the needle through %s", u)
		}
	}
	if sample, err := os.ReadFile("/home/data/sample_submission.csv"); err == nil {
		os.WriteFile("/home/submission/submission.csv", sample, 0o644)
	}
	if len(found) == 0 {
		fmt.Println("hunt: found nothing")
	} else {
		fmt.Printf("hunt: %d findings\n", len(found))
	}
}
