package billion_word_imputation

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
)

const header = "\"id\",\"sentence\"\n"

func Prepare(ctx context.Context, d competition.Dirs) error {
	return prepareN(ctx, d, totalLines)
}

// lineReader yields the lines of Python's universal-newline text
// iteration: each line without its terminator, and whether it had one.
type lineReader struct {
	r       *bufio.Reader
	pending [][]byte // lines split off a chunk at lone \r, still to hand out
	last    bool     // whether the final pending line had a terminator
	acc     []byte
}

// next returns the next line (valid until the following call), whether it
// ended with a line break, and io.EOF after the last line.
func (lr *lineReader) next() (line []byte, term bool, err error) {
	if len(lr.pending) > 0 {
		line = lr.pending[0]
		lr.pending = lr.pending[1:]
		return line, len(lr.pending) > 0 || lr.last, nil
	}
	chunk, err := lr.r.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		lr.acc = append(lr.acc[:0], chunk...)
		for errors.Is(err, bufio.ErrBufferFull) {
			chunk, err = lr.r.ReadSlice('\n')
			lr.acc = append(lr.acc, chunk...)
		}
		chunk = lr.acc
	}
	if err != nil && err != io.EOF {
		return nil, false, err
	}
	if len(chunk) == 0 {
		return nil, false, io.EOF
	}
	term = false
	if chunk[len(chunk)-1] == '\n' {
		chunk, term = chunk[:len(chunk)-1], true
		if len(chunk) > 0 && chunk[len(chunk)-1] == '\r' {
			chunk = chunk[:len(chunk)-1]
		}
	}
	if bytes.IndexByte(chunk, '\r') < 0 {
		return chunk, term, nil
	}
	// Lone \r characters end lines too. A trailing \r at EOF ends the last
	// line (with a terminator).
	parts := bytes.Split(chunk, []byte{'\r'})
	last := term
	if len(parts[len(parts)-1]) == 0 && !term {
		parts, last = parts[:len(parts)-1], true
	}
	lr.pending, lr.last = parts[1:], last
	return parts[0], len(parts) > 1 || last, nil
}

// strip is Python's str.strip() with no argument.
func strip(s string) string {
	return strings.TrimFunc(s, metric.PyIsSpace)
}

// quoteLine appends `<id>,"<s>"\n`.
func quoteLine(dst []byte, id int, s string) []byte {
	dst = strconv.AppendInt(dst, int64(id), 10)
	dst = append(dst, ',', '"')
	dst = append(dst, s...)
	return append(dst, '"', '\n')
}

// prepareN is the prepare with the line-count literal as a parameter
// (tests use small totals).
func prepareN(ctx context.Context, d competition.Dirs, total int) (err error) {
	z, err := zipfile.Open(filepath.Join(d.Raw, "train_v2.txt.zip"))
	if err != nil {
		return err
	}
	defer z.Close()
	in, err := z.Open("train_v2.txt")
	if err != nil {
		return fmt.Errorf("extracting train_v2.txt.zip: %w", err)
	}
	defer in.Close()

	// The train copy streams through a pipe into a deflating goroutine.
	trainZip := filepath.Join(d.Public, "train_v2.txt.zip")
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := writeZip(trainZip, "train_v2.txt", pr)
		pr.CloseWithError(err)
		done <- err
	}()
	trainW := bufio.NewWriterSize(pw, 1<<20)
	closeTrain := func(cause error) error {
		if cause == nil {
			cause = trainW.Flush()
		}
		pw.CloseWithError(cause)
		zerr := <-done
		if cause != nil {
			os.Remove(trainZip)
			return cause
		}
		return zerr
	}

	rs := pyrand.NewRandomState(0)
	lr := &lineReader{r: bufio.NewReaderSize(in, 1<<20)}
	var answers, public []byte
	answers = append(answers, header...)
	public = append(public, header...)
	lineCount, testCount, trainCount := 0, 0, 0
	var words []string
	for lineCount < total {
		if lineCount&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return closeTrain(err)
			}
		}
		line, term, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return closeTrain(fmt.Errorf("reading train_v2.txt: %w", err))
		}
		if !utf8.Valid(line) {
			return closeTrain(fmt.Errorf("train_v2.txt line %d is not valid UTF-8", lineCount+1))
		}
		u := rs.RandomSample()
		isTest := false
		if u <= 0.01 {
			stripped := strip(string(line))
			words = append(words[:0], metric.PySplit(stripped)...)
			if len(words) > 2 {
				isTest = true
				s := strings.ReplaceAll(stripped, `"`, `""`)
				idx, err := rs.Randint(1, int64(len(words)-1))
				if err != nil {
					return closeTrain(err)
				}
				for i, w := range words {
					words[i] = strings.ReplaceAll(w, `"`, `""`)
				}
				removed := strings.Join(append(append([]string(nil), words[:idx]...), words[idx+1:]...), " ")
				answers = quoteLine(answers, testCount, s)
				public = quoteLine(public, testCount, removed)
				testCount++
			}
		}
		if !isTest {
			trainW.Write(line)
			if term {
				trainW.WriteByte('\n')
			}
			trainCount++
		}
		lineCount++
	}
	if err := closeTrain(nil); err != nil {
		return fmt.Errorf("writing train_v2.txt.zip: %w", err)
	}
	for _, f := range []struct {
		path string
		data []byte
	}{
		{filepath.Join(d.Private, "test.csv"), answers},
		{filepath.Join(d.Private, "sample_submission.csv"), public},
	} {
		if err := os.WriteFile(f.path, f.data, 0o644); err != nil {
			return err
		}
	}
	if err := writeZip(filepath.Join(d.Public, "test_v2.txt.zip"), "test_v2.txt", bytes.NewReader(public)); err != nil {
		return fmt.Errorf("writing test_v2.txt.zip: %w", err)
	}
	if testCount+trainCount != total {
		return fmt.Errorf("train_v2.txt has %d lines, the original's literal total is %d", testCount+trainCount, total)
	}
	return nil
}

// writeZip writes a one-member deflate zip at path from r.
func writeZip(path, member string, r io.Reader) error {
	return writeZipMethod(path, member, r, zip.Deflate)
}
