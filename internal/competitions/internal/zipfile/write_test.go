package zipfile

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// writeSequential is Write without the workers: every member compressed by
// archive/zip in turn.
func writeSequential(t *testing.T, path string, members []Source) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	bw := bufio.NewWriter(f)
	zw := zip.NewWriter(bw)
	if err := writeMembers(context.Background(), zw, path, members, nil); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := bw.Flush(); err != nil {
		t.Fatal(err)
	}
}

// TestWriteParallelSameBytes checks that the parallel writer's archive is
// byte for byte the sequential one, with members that are empty, small,
// compressible, incompressible, bigger than the workers buffer, and named
// in UTF-8.
func TestWriteParallelSameBytes(t *testing.T) {
	old := maxBuffered
	maxBuffered = 64 << 10
	defer func() { maxBuffered = old }()
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(1, 2))
	var members []Source
	for i := range 25 {
		var b []byte
		switch i % 5 {
		case 1:
			b = []byte(fmt.Sprintf("member %d\n", i))
		case 2:
			b = bytes.Repeat([]byte("abcdefgh"), 1000*i)
		case 3:
			b = make([]byte, 20_000+i*1000)
			for k := range b {
				b[k] = byte(r.Uint32())
			}
		case 4:
			b = make([]byte, 100_000) // compresses to more than maxBuffered
			for k := range b {
				b[k] = byte(r.Uint32())
			}
		}
		p := filepath.Join(dir, fmt.Sprintf("src%02d", i))
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("train/%02d.bin", i)
		if i == 7 {
			name = "train/é-ü.bin"
		}
		members = append(members, Source{Name: name, Open: func() (io.ReadCloser, error) { return os.Open(p) }})
	}
	seq, par := filepath.Join(dir, "seq.zip"), filepath.Join(dir, "par.zip")
	writeSequential(t, seq, members)
	for range 2 {
		if err := Write(context.Background(), par, members); err != nil {
			t.Fatal(err)
		}
		a, _ := os.ReadFile(seq)
		b, _ := os.ReadFile(par)
		if !bytes.Equal(a, b) {
			t.Fatalf("parallel archive differs from the sequential one (%d vs %d bytes)", len(b), len(a))
		}
	}
	zr, err := zip.OpenReader(par)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	for i, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		want, _ := os.ReadFile(filepath.Join(dir, fmt.Sprintf("src%02d", i)))
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: content differs", f.Name)
		}
	}
}

func TestWriteMissingMember(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a")
	if err := os.WriteFile(p, []byte("a"), 0o644); err != nil {
		t.Fatal(err)
	}
	var members []Source
	for i := range 10 {
		src := p
		if i == 6 {
			src = filepath.Join(dir, "absent")
		}
		members = append(members, Source{Name: fmt.Sprint(i), Open: func() (io.ReadCloser, error) { return os.Open(src) }})
	}
	out := filepath.Join(dir, "out.zip")
	if err := Write(context.Background(), out, members); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("err = %v, want not-exist", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatal("partial archive left behind")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Write(ctx, out, members); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: err = %v", err)
	}
}

// BenchmarkWrite zips 2,000 incompressible 16 KiB members (JPEG-like)
// sequentially and with Write's workers; compare CPU with -benchtime and
// /usr/bin/time, wall time only on an idle machine.
func BenchmarkWrite(b *testing.B) {
	dir := b.TempDir()
	r := rand.New(rand.NewPCG(3, 4))
	var members []Source
	for i := range 2000 {
		p := filepath.Join(dir, fmt.Sprintf("%04d.jpg", i))
		data := make([]byte, 16<<10)
		for k := range data {
			data[k] = byte(r.Uint32())
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			b.Fatal(err)
		}
		members = append(members, Source{Name: filepath.Base(p), Open: func() (io.ReadCloser, error) { return os.Open(p) }})
	}
	out := filepath.Join(dir, "out.zip")
	b.Run("sequential", func(b *testing.B) {
		for range b.N {
			f, err := os.Create(out)
			if err != nil {
				b.Fatal(err)
			}
			bw := bufio.NewWriter(f)
			zw := zip.NewWriter(bw)
			if err := writeMembers(context.Background(), zw, out, members, nil); err != nil {
				b.Fatal(err)
			}
			zw.Close()
			bw.Flush()
			f.Close()
		}
	})
	b.Run("parallel", func(b *testing.B) {
		for range b.N {
			if err := Write(context.Background(), out, members); err != nil {
				b.Fatal(err)
			}
		}
	})
}
