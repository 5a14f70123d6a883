package tensorflow2_question_answering

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// chunkLines is read_json's chunksize in the original.
const chunkLines = 1000

// testKeys are the columns of public/simplified-nq-test.jsonl, in order.
var testKeys = []string{"example_id", "question_text", "document_text", "long_answer_candidates"}

// chunk is one read_json chunk: its lines and, once processed, its rows
// and split.
type chunk struct {
	first int // 1-based line number of its first line
	lines [][]byte

	rows              []row
	columns           []string // encoded keys, in order of first appearance
	trainIdx, testIdx []int
	gold              [][2]string // (id, prediction) rows
	err               error
	done              chan struct{}
}

// encoded keys of the columns the code looks at.
var (
	keyExampleID   = encodedKey("example_id")
	keyAnnotations = encodedKey("annotations")
	testColumns    = func() []string {
		out := make([]string, len(testKeys))
		for i, k := range testKeys {
			out[i] = encodedKey(k)
		}
		return out
	}()
)

// Prepare splits raw/simplified-nq-train.jsonl chunk by chunk.
func Prepare(ctx context.Context, d competition.Dirs) error {
	src := filepath.Join(d.Raw, "simplified-nq-train.jsonl")
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("raw data: %w", err)
	}
	defer in.Close()
	outs := make([]*os.File, 3)
	bufs := make([]*bufio.Writer, 3)
	for i, p := range []string{
		filepath.Join(d.Public, "simplified-nq-train.jsonl"),
		filepath.Join(d.Private, "test.jsonl"),
		filepath.Join(d.Public, "simplified-nq-test.jsonl"),
	} {
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		outs[i] = f
		bufs[i] = bufio.NewWriterSize(f, 1<<20)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	workers := max(1, min(runtime.GOMAXPROCS(0), 4))
	jobs := make(chan *chunk)
	// In flight: the chunk being written, one waiting (both being re-encoded
	// when there are two workers) and the one being read.
	pending := make(chan *chunk, max(1, workers-1))
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				c.err = c.process()
				close(c.done)
			}
		}()
	}
	var readErr error
	go func() {
		defer close(pending)
		defer close(jobs)
		readErr = readChunks(ctx, in, src, func(c *chunk) bool {
			select {
			case pending <- c:
			case <-ctx.Done():
				return false
			}
			select {
			case jobs <- c:
				return true
			case <-ctx.Done():
				c.err = ctx.Err()
				close(c.done)
				return false
			}
		})
	}()

	var gold [][2]string
	var firstErr error
	for c := range pending {
		<-c.done
		if firstErr != nil {
			continue
		}
		if c.err != nil {
			firstErr = fmt.Errorf("%s: chunk starting at line %d: %w", src, c.first, c.err)
			cancel()
			continue
		}
		if err := c.write(bufs); err != nil {
			firstErr = err
			cancel()
		}
		c.rows = nil
		gold = append(gold, c.gold...)
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	if readErr != nil {
		return readErr
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	for i, f := range outs {
		if err := bufs[i].Flush(); err != nil {
			return fmt.Errorf("writing %s: %w", f.Name(), err)
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	var goldCSV, sampleCSV bytes.Buffer
	goldCSV.WriteString("example_id,PredictionString\n")
	sampleCSV.WriteString("example_id,PredictionString\n")
	for _, g := range gold {
		goldCSV.WriteString(csvField(g[0]) + "," + csvField(g[1]) + "\n")
		sampleCSV.WriteString(csvField(g[0]) + ",\n")
	}
	if err := os.WriteFile(filepath.Join(d.Private, "gold_submission.csv"), goldCSV.Bytes(), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sampleCSV.Bytes(), 0o644)
}

// readChunks reads the file's lines in chunks of chunkLines and hands each
// to emit (which returns false to stop).
func readChunks(ctx context.Context, r io.Reader, path string, emit func(*chunk) bool) error {
	br := bufio.NewReaderSize(r, 1<<20)
	line := 0
	c := &chunk{first: 1, done: make(chan struct{})}
	for {
		b, err := br.ReadBytes('\n')
		if len(b) > 0 {
			line++
			b = bytes.TrimSuffix(bytes.TrimSuffix(b, []byte("\n")), []byte("\r"))
			if len(bytes.TrimSpace(b)) == 0 {
				return fmt.Errorf("%s line %d: %w", path, line, errBlankLine)
			}
			c.lines = append(c.lines, b)
			if len(c.lines) == chunkLines {
				if !emit(c) {
					return ctx.Err()
				}
				c = &chunk{first: line + 1, done: make(chan struct{})}
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("reading %s: %w", path, err)
		}
	}
	if len(c.lines) > 0 && !emit(c) {
		return ctx.Err()
	}
	return nil
}

// row is one parsed line.
type row struct {
	fields    []field
	exampleID string
}

// process parses the chunk's rows (releasing each line once parsed),
// splits them and builds the gold rows.
func (c *chunk) process() error {
	c.rows = make([]row, len(c.lines))
	seen := map[string]bool{}
	for i, l := range c.lines {
		fields, err := topObject(l)
		if err != nil {
			return fmt.Errorf("line %d: %w", c.first+i, err)
		}
		c.lines[i] = nil
		c.rows[i].fields = fields
		for _, f := range fields {
			if !seen[f.key] {
				seen[f.key] = true
				c.columns = append(c.columns, f.key)
			}
			if f.key == keyExampleID {
				v, err := strconv.ParseInt(string(f.enc), 10, 64)
				if err != nil {
					return fmt.Errorf("line %d: example_id %s is not a 64-bit integer (unsupported)", c.first+i, f.enc)
				}
				c.rows[i].exampleID = strconv.FormatInt(v, 10)
			}
		}
	}
	c.lines = nil
	for i := range c.rows {
		if c.rows[i].exampleID == "" {
			return fmt.Errorf("line %d: no example_id (unsupported: pandas would make the column float)", c.first+i)
		}
	}
	for k, enc := range testColumns {
		if !seen[enc] {
			return fmt.Errorf("no %q key in the chunk", testKeys[k])
		}
	}
	var err error
	c.trainIdx, c.testIdx, err = pyrand.TrainTestSplit(len(c.rows), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting %d rows: %w", len(c.rows), err)
	}
	for _, i := range c.testIdx {
		r := &c.rows[i]
		short, long, err := goldAnswers(r.value(keyAnnotations))
		if err != nil {
			return fmt.Errorf("example %s: %w", r.exampleID, err)
		}
		c.gold = append(c.gold, [2]string{r.exampleID + "_short", short}, [2]string{r.exampleID + "_long", long})
	}
	return nil
}

// write appends the chunk's train rows, test rows and public test view to
// the three outputs.
func (c *chunk) write(outs []*bufio.Writer) error {
	var line []byte
	for k, part := range []struct {
		idx     []int
		columns []string
	}{{c.trainIdx, c.columns}, {c.testIdx, c.columns}, {c.testIdx, testColumns}} {
		for _, i := range part.idx {
			line = c.rows[i].appendJSON(line[:0], part.columns)
			if _, err := outs[k].Write(line); err != nil {
				return fmt.Errorf("writing the outputs: %w", err)
			}
		}
	}
	return nil
}

// value returns the re-encoded value of the encoded key, nil when absent.
func (r *row) value(key string) []byte {
	for _, f := range r.fields {
		if f.key == key {
			return f.enc
		}
	}
	return nil
}

// appendJSON appends the row as one to_json line with the given columns
// (encoded keys; null for a column the row lacks; example_id as a string).
func (r *row) appendJSON(dst []byte, columns []string) []byte {
	dst = append(dst, '{')
	for i, k := range columns {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, k...)
		dst = append(dst, ':')
		switch v := r.value(k); {
		case k == keyExampleID:
			dst = appendString(dst, []byte(r.exampleID))
		case v == nil:
			dst = append(dst, "null"...)
		default:
			dst = append(dst, v...)
		}
	}
	return append(dst, '}', '\n')
}

// goldAnswers returns the gold "_short" and "_long" predictions of an
// example's annotations (which must hold exactly one annotation).
func goldAnswers(raw []byte) (short, long string, err error) {
	if raw == nil {
		return "", "", errors.New("no annotations")
	}
	var anns []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &anns); err != nil {
		return "", "", fmt.Errorf("annotations: %w", err)
	}
	if len(anns) != 1 {
		return "", "", fmt.Errorf("%d annotations, the original asserts exactly one", len(anns))
	}
	a, err := parseAnnotation(anns[0])
	if err != nil {
		return "", "", err
	}
	switch {
	case a.yesNo != "NONE":
		short = a.yesNo
	case len(a.short) > 0:
		short = a.short[0]
	}
	if a.longStart != "-1" {
		long = a.longStart + ":" + a.longEnd
	}
	return short, long, nil
}

// annotation is the part of an NQ annotation that grading and the gold file
// use; spans are "<start_token>:<end_token>".
type annotation struct {
	yesNo              string
	longStart, longEnd string
	short              []string
}

func parseAnnotation(m map[string]json.RawMessage) (*annotation, error) {
	a := &annotation{}
	for _, k := range []string{"yes_no_answer", "long_answer", "short_answers"} {
		if _, ok := m[k]; !ok {
			return nil, fmt.Errorf("annotation without %q", k)
		}
	}
	if err := json.Unmarshal(m["yes_no_answer"], &a.yesNo); err != nil {
		return nil, fmt.Errorf("yes_no_answer: %w", err)
	}
	var err error
	if a.longStart, a.longEnd, err = span(m["long_answer"]); err != nil {
		return nil, fmt.Errorf("long_answer: %w", err)
	}
	var shorts []json.RawMessage
	if err := json.Unmarshal(m["short_answers"], &shorts); err != nil {
		return nil, fmt.Errorf("short_answers: %w", err)
	}
	for _, s := range shorts {
		start, end, err := span(s)
		if err != nil {
			return nil, fmt.Errorf("short_answers: %w", err)
		}
		a.short = append(a.short, start+":"+end)
	}
	return a, nil
}

// span returns the decimal start_token and end_token of an answer object.
func span(raw json.RawMessage) (start, end string, err error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return "", "", err
	}
	var out [2]string
	for i, k := range []string{"start_token", "end_token"} {
		v, ok := m[k]
		if !ok {
			return "", "", fmt.Errorf("no %q", k)
		}
		n, err := strconv.ParseInt(string(v), 10, 64)
		if err != nil {
			return "", "", fmt.Errorf("%s %s is not an integer", k, v)
		}
		out[i] = strconv.FormatInt(n, 10)
	}
	return out[0], out[1], nil
}

// csvField quotes a field as Python's csv QUOTE_MINIMAL does.
func csvField(s string) string {
	if strings.ContainsAny(s, ",\"\n\r") {
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}
