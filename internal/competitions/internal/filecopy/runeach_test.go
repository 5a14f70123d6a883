package filecopy

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestRunEach(t *testing.T) {
	old := batchSize
	batchSize = 3
	defer func() { batchSize = old }()
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "src"), filepath.Join(dir, "dst")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		if err := os.WriteFile(filepath.Join(src, fmt.Sprint(i)), []byte(fmt.Sprint("content ", i)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	boom := errors.New("boom")
	for _, c := range []struct {
		name string
		n    int
		dst  func(i int) string // destination name of job i
		src  func(i int) string
		fail int // job whose maker fails; -1 none
		// want maps destination names to the source copied last; wantErr
		// is the error expected.
		want    map[string]int
		wantErr error
	}{
		{"none", 0, nil, nil, -1, map[string]int{}, nil},
		{"several batches", 10, func(i int) string { return fmt.Sprint("d", i) }, func(i int) string { return fmt.Sprint(i) }, -1,
			map[string]int{"d0": 0, "d1": 1, "d2": 2, "d3": 3, "d4": 4, "d5": 5, "d6": 6, "d7": 7, "d8": 8, "d9": 9}, nil},
		{"same destination across batches: the last wins", 8, func(i int) string { return fmt.Sprint("d", i%2) }, func(i int) string { return fmt.Sprint(i) }, -1,
			map[string]int{"d0": 6, "d1": 7}, nil},
		{"maker error stops before its batch", 10, func(i int) string { return fmt.Sprint("d", i) }, func(i int) string { return fmt.Sprint(i) }, 4,
			map[string]int{"d0": 0, "d1": 1, "d2": 2}, boom},
		{"missing source stops later batches", 10, func(i int) string { return fmt.Sprint("d", i) }, func(i int) string {
			if i == 1 {
				return "missing"
			}
			return fmt.Sprint(i)
		}, -1, nil, os.ErrNotExist},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(dst, c.name)
			if err := os.MkdirAll(out, 0o755); err != nil {
				t.Fatal(err)
			}
			err := RunEach(context.Background(), c.n, func(i int) (Job, error) {
				if i == c.fail {
					return Job{}, boom
				}
				return Job{Src: filepath.Join(src, c.src(i)), Dst: filepath.Join(out, c.dst(i))}, nil
			})
			if c.wantErr == nil && err != nil || c.wantErr != nil && !errors.Is(err, c.wantErr) {
				t.Fatalf("err = %v, want %v", err, c.wantErr)
			}
			entries, _ := os.ReadDir(out)
			if c.want == nil { // a failing batch: nothing of the batches after it
				for _, e := range entries {
					if e.Name() >= "d3" {
						t.Errorf("%s copied after the failing batch", e.Name())
					}
				}
				return
			}
			if len(entries) != len(c.want) {
				t.Fatalf("%d files, want %d", len(entries), len(c.want))
			}
			for name, from := range c.want {
				b, err := os.ReadFile(filepath.Join(out, name))
				if err != nil || string(b) != fmt.Sprint("content ", from) {
					t.Errorf("%s: %q, %v; want the copy of %d", name, b, err, from)
				}
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := RunEach(ctx, 1, func(int) (Job, error) { return Job{Src: "x", Dst: "y"}, nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
