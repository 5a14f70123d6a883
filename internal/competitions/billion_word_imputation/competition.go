package billion_word_imputation

// billion-word-imputation — spec: ../shared/spec/competitions/billion-word-imputation.md
//
// Quirks reproduced:
//   - a module-level RandomState(0); one uniform() per input line and, for a
//     test line, one randint(1, n-1) (no draw when n = 3);
//   - the hard-coded total of 30,301,028 lines: later lines are ignored, and
//     fewer lines fail the final assert after every output is written;
//   - lines as Python's text-mode iteration gives them: UTF-8, universal
//     newlines (\n, \r\n, lone \r → \n in the train copy), a last line
//     without terminator kept without one; strip()/split() with Python's
//     whitespace (U+001C–U+001F included);
//   - hand-made CSV: always quoted, quotes doubled; the answer keeps the
//     raw internal whitespace, the public sentence is re-joined with single
//     spaces; private/sample_submission.csv = public test_v2.txt;
//   - grading: id/sentence present, same length, ids equal after sorting by
//     id, mean Levenshtein distance over code points (a NaN or non-text
//     sentence is a plain error, as Levenshtein raises on a float).
//
// Differences that no checksum sees: train_v2.txt is read straight from the
// raw zip (not extracted into raw/), and the public zips are written with
// Go's deflate at BestSpeed and a fixed timestamp (Python's zlib level 6
// bytes are not reproducible anyway); member names and contents match.

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/flate"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "billion-word-imputation",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

// totalLines is the original's literal line count.
const totalLines = 30_301_028

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

// writeZipMethod writes a one-member zip at path from r with the given
// method (zip.Deflate at BestSpeed, or zip.Store).
func writeZipMethod(path, member string, r io.Reader, method uint16) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(path)
		}
	}()
	bw := bufio.NewWriterSize(f, 1<<20)
	zw := zip.NewWriter(bw)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, flate.BestSpeed)
	})
	w, err := zw.CreateHeader(&zip.FileHeader{Name: member, Method: method, Modified: zipfile.ModTime})
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, r); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return bw.Flush()
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, c := range []string{"id", "sentence"} {
		if !ans.Has(c) {
			return competition.Score{}, fmt.Errorf("answers have no %q column", c)
		}
	}
	for _, c := range []string{"id", "sentence"} {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission is missing the %q column", c)
		}
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	subID, _ := sub.Col("id")
	ansID, _ := ans.Col("id")
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, ok := submission.AlignByID(subID, ansID)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission ids do not match the answers' ids")
	}
	subS, _ := sub.Col("sentence")
	ansS, _ := ans.Col("sentence")
	var sum int64
	for k := range subIdx {
		a, err := text(ansS, ansIdx[k])
		if err != nil {
			return competition.Score{}, fmt.Errorf("answers: %w", err)
		}
		p, err := text(subS, subIdx[k])
		if err != nil {
			return competition.Score{}, fmt.Errorf("submission: %w", err)
		}
		sum += int64(metric.Levenshtein(a, p))
	}
	if len(subIdx) == 0 {
		// np.mean of an empty list: nan (with a RuntimeWarning).
		return competition.Numpy(math.NaN()), nil
	}
	return competition.Numpy(float64(sum) / float64(len(subIdx))), nil
}

// text is cell i as the str Levenshtein.distance needs; a NaN or a
// number raises TypeError there.
func text(c *table.Column, i int) (string, error) {
	if c.Kind != table.String || c.IsNull(i) || (c.Mixed != nil && c.Mixed[i] != table.String) {
		return "", fmt.Errorf("sentence in row %d is %s, not a string (Levenshtein raises TypeError)", i, c.Str(i))
	}
	return c.Text[i], nil
}

// FakeRaw writes raw/train_v2.txt.zip holding train_v2.txt: by default
// totalLines+3 lines (the literal plus lines that must be ignored), mostly
// 3–5 one- or two-character tokens, with every few hundred lines a quirky
// one: doubled spaces and tabs, quotes, leading/trailing and Unicode
// whitespace (U+00A0, U+001F, U+3000), non-ASCII words, CRLF and lone CR
// line ends, empty and two-token lines. The last line has no terminator.
// The zip member is stored, not deflated (fastest to write and read).
// opt.Rows sets the line count instead (tests use small files; prepare then
// fails its final assert unless the total is passed accordingly).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, totalLines+3)
	r := synth.Rand(opt.Seed, "train")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	pr, pw := io.Pipe()
	go func() {
		bw := bufio.NewWriterSize(pw, 1<<20)
		vocab := []string{"a", "b", "c", "d", "e", "I", "of", "to", ",", ".", "'s", "in"}
		quirky := []string{
			"He said  \"yes\" , then\tleft .",
			"  leading and trailing spaces  ",
			"non\u00a0breaking space here",
			"unit\u001fseparator counts as space",
			"ideographic\u3000space and Ünïcödé wörds ok",
			"",
			"two words",
			"\"quoted\" \"\" words \"",
			"x y z",
			"tab\tseparated\tline\twith\tmany\ttokens\there",
			"line with crlf end\r",
			"lone cr\rsplits here too",
			"a  b",
		}
		var line []byte
		for i := 0; i < n; {
			line = line[:0]
			// One 64-bit draw per line: bits 0–15 pick a quirky line
			// (1 in 300), 16–23 which one, 24–31 the token count, and
			// nibbles from bit 32 on the tokens.
			x := r.Uint64()
			q := quirky[(x>>16&0xff)%uint64(len(quirky))]
			if lines := 1 + strings.Count(strings.TrimSuffix(q, "\r"), "\r"); (x&0xffff)%300 == 0 && i+lines <= n {
				line = append(line, q...)
				i += lines
			} else {
				k := 3 + int(x>>24&0xff)%3
				for j := 0; j < k; j++ {
					if j > 0 {
						line = append(line, ' ')
					}
					line = append(line, vocab[(x>>(32+4*j)&0xf)%uint64(len(vocab))]...)
				}
				i++
			}
			if i < n {
				line = append(line, '\n')
			}
			if _, err := bw.Write(line); err != nil {
				pw.CloseWithError(err)
				return
			}
		}
		pw.CloseWithError(bw.Flush())
	}()
	err := writeZipMethod(filepath.Join(dir, "train_v2.txt.zip"), "train_v2.txt", pr, zip.Store)
	pr.CloseWithError(errors.New("zip writer stopped"))
	return err
}
