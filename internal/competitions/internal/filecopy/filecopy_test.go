package filecopy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "src"), filepath.Join(dir, "dst")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	var jobs []Job
	for i := range 200 {
		name := fmt.Sprintf("%03d.bin", i)
		if err := os.WriteFile(filepath.Join(src, name), bytes.Repeat([]byte{byte(i)}, i), 0o644); err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, Job{Src: filepath.Join(src, name), Dst: filepath.Join(dst, fmt.Sprint(i%7), name), MkdirAll: true})
	}
	if err := Run(context.Background(), jobs); err != nil {
		t.Fatal(err)
	}
	for i, j := range jobs {
		b, err := os.ReadFile(j.Dst)
		if err != nil || !bytes.Equal(b, bytes.Repeat([]byte{byte(i)}, i)) {
			t.Fatalf("%s: %v, %d bytes", j.Dst, err, len(b))
		}
	}

	t.Run("missing folder without MkdirAll", func(t *testing.T) {
		err := Run(context.Background(), []Job{{Src: jobs[0].Src, Dst: filepath.Join(dir, "nope", "x")}})
		if !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("err = %v, want not-exist", err)
		}
	})
	t.Run("missing source", func(t *testing.T) {
		err := Run(context.Background(), []Job{{Src: filepath.Join(src, "absent"), Dst: filepath.Join(dst, "x")}})
		if !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("err = %v, want not-exist", err)
		}
	})
	t.Run("directory source", func(t *testing.T) {
		if err := Run(context.Background(), []Job{{Src: src, Dst: filepath.Join(dst, "y")}}); err == nil {
			t.Fatal("copying a directory succeeded")
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if err := Run(ctx, jobs); !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want canceled", err)
		}
		if err := Run(ctx, nil); !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want canceled", err)
		}
	})
}

// TestRunSameDestination checks that jobs writing one destination leave the
// last job's bytes, as a sequential loop would, however the workers
// interleave, and that an earlier job's missing source still fails.
func TestRunSameDestination(t *testing.T) {
	dir := t.TempDir()
	var jobs []Job
	dst := filepath.Join(dir, "out.bin")
	for i := range 50 {
		src := filepath.Join(dir, fmt.Sprintf("src%02d", i))
		if err := os.WriteFile(src, bytes.Repeat([]byte{byte(i)}, 1000*(50-i)), 0o644); err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, Job{Src: src, Dst: dst})
	}
	for range 20 {
		if err := Run(context.Background(), jobs); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(dst)
		if err != nil || !bytes.Equal(b, bytes.Repeat([]byte{49}, 1000)) {
			t.Fatalf("%d bytes, first %v: not the last job's file (%v)", len(b), b[:1], err)
		}
	}
	missing := append([]Job{{Src: filepath.Join(dir, "absent"), Dst: dst}}, jobs...)
	if err := Run(context.Background(), missing); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("err = %v, want not-exist for the overwritten job's missing source", err)
	}
}
