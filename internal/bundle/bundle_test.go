package bundle

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/manifest"
)

// fixture prepares spaceship-titanic from fake raw data and makes a graded
// run group of two runs (the gold answers and the sample submission) with
// manifests.
func fixture(t *testing.T) (group string, gr *grade.Grader) {
	t.Helper()
	cat, err := competition.NewCatalog(competitions.All())
	if err != nil {
		t.Fatal(err)
	}
	comp, err := cat.Lookup("spaceship-titanic")
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	data := filepath.Join(root, "data")
	p := comp.PathsIn(data)
	for _, d := range []string{p.Raw, p.Public, p.Private} {
		os.MkdirAll(d, 0o755)
	}
	if err := comp.Impl.FakeRaw(p.Raw, competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := comp.Impl.Prepare(context.Background(), p.Dirs()); err != nil {
		t.Fatal(err)
	}
	gr = &grade.Grader{Catalog: cat, DataDir: data}
	group = filepath.Join(root, "runs", "2026-11-26T06-00-00-GMT_run-group_dummy")
	var entries []grade.Entry
	for i, src := range []string{p.GoldSubmission, p.SampleSubmission} {
		run := filepath.Join(group, "spaceship-titanic_run"+string(rune('1'+i)))
		os.MkdirAll(filepath.Join(run, "submission"), 0o755)
		os.MkdirAll(filepath.Join(run, "snapshots"), 0o755)
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(run, "submission", "submission.csv"), b, 0o644)
		os.WriteFile(filepath.Join(run, "snapshots", "60.csv"), b, 0o644)
		os.WriteFile(filepath.Join(run, "status.json"), []byte(`{"state": "done"}`), 0o644)
		exit := 0
		err = manifest.WriteRun(run, manifest.Run{RunID: filepath.Base(run), CompetitionID: "spaceship-titanic", Seed: i,
			Agent: manifest.Agent{ID: "dummy", BinarySHA256: "ab"}, TimeLimitSeconds: 3600, WallSeconds: 1800, ExitCode: &exit,
			Hardware: manifest.HostHardware(manifest.Hardware{CPUs: 2, Backend: "local"})})
		if err != nil {
			t.Fatal(err)
		}
		entries = append(entries, grade.Entry{CompetitionID: "spaceship-titanic", SubmissionPath: filepath.Join(run, "submission", "submission.csv")})
	}
	if err := manifest.WriteGroup(group, manifest.Group{RunGroup: filepath.Base(group), Agent: manifest.Agent{ID: "dummy"}}); err != nil {
		t.Fatal(err)
	}
	reports, err := gr.GradeEntries(context.Background(), entries, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := grade.Summarize(reports).WriteFile(group, time.Date(2026, 11, 26, 7, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	return group, gr
}

// rewrite copies a bundle, letting edit change members; with reindex the
// index's hashes are updated to match (a careful forger), and with key the
// index is signed again by that key.
func rewrite(t *testing.T, src, dst string, edit func(name string, data []byte) []byte, reindex bool, key ed25519.PrivateKey) {
	t.Helper()
	f, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, _ := gzip.NewReader(f)
	tr := tar.NewReader(gz)
	var names []string
	members := map[string][]byte{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(tr)
		names = append(names, h.Name)
		members[h.Name] = edit(h.Name, b)
	}
	if reindex {
		var idx Index
		json.Unmarshal(members["bundle.json"], &idx)
		for i, m := range idx.Members {
			sum, n := sha(members[m.Path])
			idx.Members[i].SHA256, idx.Members[i].Bytes = sum, n
		}
		members["bundle.json"], _ = json.MarshalIndent(idx, "", "  ")
	}
	if key != nil {
		members["bundle.sig"] = []byte(base64.StdEncoding.EncodeToString(ed25519.Sign(key, members["bundle.json"])))
		members["bundle.pub"] = []byte(base64.StdEncoding.EncodeToString(key.Public().(ed25519.PublicKey)))
	}
	var buf bytes.Buffer
	gw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gw)
	for _, n := range names {
		tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: int64(len(members[n])), Typeflag: tar.TypeReg})
		tw.Write(members[n])
	}
	tw.Close()
	gw.Close()
	if err := os.WriteFile(dst, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func sha(b []byte) (string, int64) {
	f, _ := os.CreateTemp("", "sha")
	f.Write(b)
	f.Close()
	defer os.Remove(f.Name())
	s, n, _ := manifest.HashFile(f.Name())
	return s, n
}

func TestBundleRoundTripAndTampering(t *testing.T) {
	group, gr := fixture(t)
	pub, key, _ := ed25519.GenerateKey(rand.Reader)
	otherPub, otherKey, _ := ed25519.GenerateKey(rand.Reader)
	_ = otherPub
	dir := t.TempDir()
	good := filepath.Join(dir, "good.tar.gz")
	idx, err := Create([]string{group}, good, key, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if len(idx.Groups) != 1 || len(idx.Groups[0].Submissions) != 2 || idx.Groups[0].Aggregate.Competitions != 1 {
		t.Fatalf("index %+v", idx.Groups)
	}
	res, err := Verify(context.Background(), good, VerifyOptions{Grader: gr, PublicKey: pub})
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() || !res.KeyTrusted || res.Leaderboard[0].Regraded != 2 || res.Leaderboard[0].Agent != "dummy" || res.Leaderboard[0].Runs != 2 {
		t.Fatalf("round trip: %+v", res)
	}
	if row := res.Leaderboard[0]; row.TimeLimit != 3600 || row.WallHours != 1 || row.CPUs != 2 {
		t.Errorf("compute budget %+v", row)
	}

	isReport := func(n string) bool { return strings.HasSuffix(n, "grading_report.json") }
	isSub1 := func(n string) bool { return strings.HasSuffix(n, "run1/submission/submission.csv") }
	var sampleSub []byte
	rewrite(t, good, filepath.Join(dir, "scratch"), func(n string, b []byte) []byte {
		if strings.HasSuffix(n, "run2/submission/submission.csv") {
			sampleSub = b
		}
		return b
	}, false, nil)

	tests := []struct {
		name      string
		edit      func(n string, b []byte) []byte
		reindex   bool
		key       ed25519.PrivateKey
		wantKinds []string
	}{
		{"member edited, index not updated", func(n string, b []byte) []byte {
			if isReport(n) {
				return bytes.Replace(b, []byte(`"score": 0.`), []byte(`"score": 1.`), 1)
			}
			return b
		}, false, nil, []string{"hash", "signature?"}},
		{"score edited by a careful forger", func(n string, b []byte) []byte {
			if isReport(n) {
				return bytes.Replace(b, []byte(`"score": 0.`), []byte(`"score": 1.`), 1)
			}
			return b
		}, true, nil, []string{"signature", "score"}},
		{"submission swapped", func(n string, b []byte) []byte {
			if isSub1(n) {
				return sampleSub
			}
			return b
		}, true, key, []string{"manifest", "score", "medal?"}},
		{"manifest edited", func(n string, b []byte) []byte {
			if strings.HasSuffix(n, "run2/manifest.json") {
				return bytes.Replace(b, []byte(`"time_limit_seconds": 3600`), []byte(`"time_limit_seconds": 86400`), 1)
			}
			return b
		}, true, key, []string{"manifest"}},
		{"signed by another key", func(n string, b []byte) []byte { return b }, false, otherKey, []string{"signature"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bad := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".tar.gz")
			rewrite(t, good, bad, tc.edit, tc.reindex, tc.key)
			res, err := Verify(context.Background(), bad, VerifyOptions{Grader: gr, PublicKey: pub})
			if err != nil {
				t.Fatal(err)
			}
			kinds := map[string]bool{}
			for _, p := range res.Problems {
				kinds[p.Kind] = true
				if p.Detail == "" || p.Where == "" {
					t.Errorf("problem without what changed: %+v", p)
				}
			}
			for _, k := range tc.wantKinds {
				optional := strings.HasSuffix(k, "?")
				k = strings.TrimSuffix(k, "?")
				if !kinds[k] && !optional {
					t.Errorf("no %s problem in %+v", k, res.Problems)
				}
			}
			if res.OK() {
				t.Error("tampering not detected")
			}
		})
	}
}

func TestVerifyRefusesUnsafeMembers(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"../evil", "/abs", "a/../../b"} {
		var buf bytes.Buffer
		gw := gzip.NewWriter(&buf)
		tw := tar.NewWriter(gw)
		tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: 1, Typeflag: tar.TypeReg})
		tw.Write([]byte("x"))
		tw.Close()
		gw.Close()
		p := filepath.Join(dir, "b.tar.gz")
		os.WriteFile(p, buf.Bytes(), 0o644)
		if _, err := Verify(context.Background(), p, VerifyOptions{}); err == nil || !strings.Contains(err.Error(), "refused") {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "evil")); err == nil {
		t.Error("a member escaped")
	}
}
