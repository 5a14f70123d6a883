package csvout

import (
	"bufio"
	"os"
)

// Create creates path with a large write buffer.
func Create(path string) (*os.File, *bufio.Writer, error) {
	out, err := os.Create(path)
	if err != nil {
		return nil, nil, err
	}
	return out, bufio.NewWriterSize(out, 1<<20), nil
}
