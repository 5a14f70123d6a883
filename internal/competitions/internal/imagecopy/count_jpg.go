package imagecopy

import (
	"os"
	"strings"
)

// CountJPG counts dir/*.jpg (glob: dot-files excluded): unlike
// CountTopFiles it counts entries of any type and a missing dir is an error.
func CountJPG(dir string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".jpg") && !strings.HasPrefix(e.Name(), ".") {
			n++
		}
	}
	return n, nil
}
