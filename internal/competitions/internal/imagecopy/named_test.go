package imagecopy

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestCopyNamed(t *testing.T) {
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "src"), filepath.Join(dir, "a", "dst")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	var names []string
	for i := range 100 {
		name := fmt.Sprintf("%03d.jpg", i)
		if err := os.WriteFile(filepath.Join(src, name), bytes.Repeat([]byte{byte(i)}, i+1), 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	if err := CopyNamed(context.Background(), src, dst, names); err != nil {
		t.Fatal(err)
	}
	for i, name := range names {
		b, err := os.ReadFile(filepath.Join(dst, name))
		if err != nil || !bytes.Equal(b, bytes.Repeat([]byte{byte(i)}, i+1)) {
			t.Fatalf("%s: %v, %d bytes", name, err, len(b))
		}
	}
	for _, bad := range []string{"..", "../x.jpg", "a/b.jpg", ""} {
		other := filepath.Join(dir, "other")
		err := CopyNamed(context.Background(), src, other, append(append([]string{}, names...), bad))
		if err == nil {
			t.Fatalf("name %q accepted", bad)
		}
		if _, serr := os.Stat(other); !os.IsNotExist(serr) {
			t.Fatalf("name %q: something was written before the refusal", bad)
		}
	}
	if err := CopyNamed(context.Background(), src, dst, []string{"absent.jpg"}); !os.IsNotExist(unwrapAll(err)) {
		t.Fatalf("missing source: %v", err)
	}
}

func unwrapAll(err error) error {
	for {
		u, ok := err.(interface{ Unwrap() error })
		if !ok || u.Unwrap() == nil {
			return err
		}
		err = u.Unwrap()
	}
}
