package kubernetes

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/runner/runnertest"
)

// TestBinaryLinksNoClientset: the mlebench binary links neither the typed
// clientset nor its scheme (which registers every API group at process
// start), nor the discovery client (gnostic-models, OpenAPI): every
// mlebench command pays for the package inits of what is linked in.
func TestBinaryLinksNoClientset(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH")
	}
	cmd := exec.Command(gobin, "list", "-deps", "./cmd/mlebench")
	cmd.Dir = runnertest.RepoRoot(t)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps ./cmd/mlebench: %v", err)
	}
	banned := regexp.MustCompile(`^(k8s\.io/client-go/kubernetes(/.*)?|k8s\.io/client-go/discovery(/.*)?|github\.com/google/gnostic-models(/.*)?|k8s\.io/api/[^/]+/[^/]+)$`)
	allowed := map[string]bool{"k8s.io/api/core/v1": true, "k8s.io/api/networking/v1": true}
	found := false
	for _, p := range strings.Fields(string(out)) {
		if p == "github.com/mlebench/mlebench/internal/runner/kubernetes" {
			found = true
		}
		if banned.MatchString(p) && !allowed[p] {
			t.Errorf("cmd/mlebench links %s", p)
		}
	}
	if !found {
		t.Error("cmd/mlebench does not link the kubernetes backend: the list is not the one this test means to check")
	}
}
