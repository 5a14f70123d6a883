package imagecopy

import (
	"io"
	"os"
	"strings"
)

// CopyFile copies the file src to dst byte for byte (shutil.copy
// without the permission bits, which nothing checks).
func CopyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	return WriteFrom(dst, in)
}

func WriteFrom(dst string, r io.Reader) (err error) {
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}()
	_, err = io.Copy(out, r)
	return err
}

// SafeName reports whether s can be used as a file name inside a
// directory (a non-empty base name: no separator, not "." or ".."). The
// original builds paths from ids without checking; the port refuses ids
// that would escape the directory.
func SafeName(s string) bool {
	return s != "" && s != "." && s != ".." && !strings.ContainsAny(s, "/\\\x00")
}
