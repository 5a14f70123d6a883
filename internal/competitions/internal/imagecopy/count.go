package imagecopy

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// CountFiles counts regular files with the given suffix anywhere below dir
// (pathlib's rglob); a missing dir counts 0.
func CountFiles(dir, suffix string) (int, error) {
	n := 0
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && p == dir {
				return filepath.SkipDir
			}
			return err
		}
		if e.Type().IsRegular() && strings.HasSuffix(e.Name(), suffix) {
			n++
		}
		return nil
	})
	return n, err
}

// CountTopFiles counts the regular files with the given suffix directly
// in dir (glob("*<suffix>"): hidden names skipped).
func CountTopFiles(dir, suffix string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") && strings.HasSuffix(e.Name(), suffix) {
			n++
		}
	}
	return n, nil
}
