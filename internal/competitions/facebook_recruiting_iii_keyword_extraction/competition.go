package facebook_recruiting_iii_keyword_extraction

// facebook-recruiting-iii-keyword-extraction:
// ../shared/spec/competitions/facebook-recruiting-iii-keyword-extraction.md
//
// Quirks reproduced:
//   - raw/Train.zip's top-level Train.csv is read with Id and Tags as str and
//     Title/Body inferred; pandas' default NA strings ("NA", "null", "", …)
//     become NaN and are written back as empty fields;
//   - train_test_split(test_size=0.1, random_state=0): rows in
//     RandomState(0).permutation order;
//   - the sample submission keeps Title and Body and adds the constant Tags
//     "javascript c# python php java";
//   - grading: Id and Tags columns, row count, sorted-id match (invalid
//     otherwise); micro F1 over the answers' tag vocabulary (tags unknown to
//     the answers are dropped, not counted as false positives); a Tags
//     column pandas reads as numbers or bools has no .str accessor (error,
//     null score); a vocabulary of fewer than two tags is not multilabel for
//     scikit-learn (error, null score).
//
// Prepare streams Train.csv out of the zip (the real file is several GB)
// through a formatted temporary file in raw/, falling back to package
// table's in-memory reader when it cannot prove pandas' dtypes.

import (
	"bufio"
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
	"github.com/mlebench/mlebench/internal/competitions/internal/bigcsv"
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
	ID:      "facebook-recruiting-iii-keyword-extraction",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

const sampleTags = "javascript c# python php java"

func Prepare(ctx context.Context, d competition.Dirs) error {
	err := prepareStream(ctx, d)
	if errors.Is(err, errFallback) {
		return prepareTable(ctx, d)
	}
	return err
}

// errFallback says the streaming path cannot prove its output equals
// pandas' (see prepareStream); the in-memory path takes over.
var errFallback = errors.New("facebook-recruiting-iii: streaming path declined")

// openTrain opens raw/Train.zip's top-level Train.csv member.
func openTrain(d competition.Dirs) (io.ReadCloser, func() error, error) {
	z, err := zipfile.Open(filepath.Join(d.Raw, "Train.zip"))
	if err != nil {
		return nil, nil, err
	}
	r, err := z.Open("Train.csv")
	if err != nil {
		z.Close()
		return nil, nil, fmt.Errorf("raw Train.zip: %w", err)
	}
	return r, z.Close, nil
}

// prepareStream prepares without holding Train.csv (several GB) in
// memory. Pass 1 streams the CSV and appends every row, formatted as
// to_csv writes it, to a temporary file in raw/; pass 2 maps that file and
// writes the outputs in split order. The output equals pandas' when every
// column other than Id and Tags (dtype str) stays a column of strings: each
// low_memory chunk (pandas' buffer_lines rows) holds a cell that can only
// be text, so pandas neither converts the chunk to numbers/bools nor touches
// the strings. It declines (errFallback) otherwise, and for invalid
// UTF-8, an implicit index column, or Tags not being the last column.
func prepareStream(ctx context.Context, d competition.Dirs) (err error) {
	rc, closeZip, err := openTrain(d)
	if err != nil {
		return err
	}
	defer closeZip()
	defer rc.Close()
	rd := table.NewReader(bufio.NewReaderSize(rc, 1<<20))
	rd.Path = "Train.csv"
	header, err := rd.Header()
	if err != nil {
		return fmt.Errorf("reading raw Train.csv: %w", err)
	}
	tagsCol, idCol := -1, -1
	for j, h := range header {
		switch h {
		case "Tags":
			tagsCol = j
		case "Id":
			idCol = j
		}
	}
	if tagsCol != len(header)-1 || len(header) < 2 {
		return errFallback
	}
	tmp, err := os.CreateTemp(d.Raw, ".fbkw-rows-*.tmp")
	if err != nil {
		return err
	}
	tmpPath := tmp.Name()
	defer os.Remove(tmpPath)
	bw := bufio.NewWriterSize(tmp, 1<<20)
	var (
		starts   []int64  // row k's formatted line starts at starts[k]
		headLens []uint32 // length of the line without ",Tags\n"
		off      int64
		line     []byte
		chunk    = bigcsv.BufferLines(len(header))
		witness  = make([]bool, len(header))
	)
	checkChunk := func() error {
		for j, ok := range witness {
			if j != tagsCol && j != idCol && !ok {
				return errFallback
			}
			witness[j] = false
		}
		return nil
	}
	for row := 0; ; row++ {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			tmp.Close()
			return fmt.Errorf("reading raw Train.csv: %w", err)
		}
		if row == 0 && len(rd.Index()) > 0 {
			tmp.Close()
			return errFallback
		}
		if row > 0 && row%chunk == 0 {
			if err := checkChunk(); err != nil {
				tmp.Close()
				return err
			}
			if err := ctx.Err(); err != nil {
				tmp.Close()
				return err
			}
		}
		line = line[:0]
		headLen := 0
		for j, cell := range rec {
			if !utf8.ValidString(cell) {
				tmp.Close()
				return errFallback
			}
			if j > 0 {
				if j == tagsCol {
					headLen = len(line)
				}
				line = append(line, ',')
			}
			if table.IsNA(cell) {
				continue
			}
			if !witness[j] && j != tagsCol && j != idCol && bigcsv.Classify([]byte(cell)) == bigcsv.CellStr {
				witness[j] = true
			}
			line = appendField(line, cell)
		}
		line = append(line, '\n')
		starts = append(starts, off)
		headLens = append(headLens, uint32(headLen))
		if _, err := bw.Write(line); err != nil {
			tmp.Close()
			return err
		}
		off += int64(len(line))
	}
	n := len(starts)
	if n > 0 { // the last chunk
		if err := checkChunk(); err != nil {
			tmp.Close()
			return err
		}
	}
	starts = append(starts, off)
	if err := bw.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	data, release, err := bigcsv.MapFile(tmpPath)
	if err != nil {
		return err
	}
	defer release()

	trainIdx, testIdx, err := pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	var headAll, headNoTags []byte
	for j, h := range header {
		if j > 0 {
			headAll = append(headAll, ',')
			if j != tagsCol {
				headNoTags = append(headNoTags, ',')
			}
		}
		f := bigcsv.QuoteField([]byte(h))
		headAll = append(headAll, f...)
		if j != tagsCol {
			headNoTags = append(headNoTags, f...)
		}
	}
	full := func(k int) []byte { return data[starts[k]:starts[k+1]] }
	noTags := func(k int) []byte { return data[starts[k] : starts[k]+int64(headLens[k])] }
	sampleTail := []byte("," + sampleTags + "\n")
	for _, f := range []struct {
		path  string
		head  []byte
		rows  []int
		write func(w *bufio.Writer, k int)
	}{
		{filepath.Join(d.Public, "train.csv"), headAll, trainIdx, func(w *bufio.Writer, k int) { w.Write(full(k)) }},
		{filepath.Join(d.Public, "test.csv"), headNoTags, testIdx, func(w *bufio.Writer, k int) { w.Write(noTags(k)); w.WriteByte('\n') }},
		{filepath.Join(d.Public, "sample_submission.csv"), append(append([]byte{}, headNoTags...), ",Tags"...), testIdx,
			func(w *bufio.Writer, k int) { w.Write(noTags(k)); w.Write(sampleTail) }},
		{filepath.Join(d.Private, "test.csv"), headAll, testIdx, func(w *bufio.Writer, k int) { w.Write(full(k)) }},
	} {
		if err := writeRows(ctx, f.path, f.head, f.rows, f.write); err != nil {
			return fmt.Errorf("writing %s: %w", f.path, err)
		}
	}
	return nil
}

// appendField appends s as Python's csv writer (QUOTE_MINIMAL, '\r'
// quoted as in CPython ≥ 3.11.9) writes a string field; see bigcsv.QuoteField.
func appendField(dst []byte, s string) []byte {
	if !strings.ContainsAny(s, ",\"\n\r") {
		return append(dst, s...)
	}
	dst = append(dst, '"')
	for {
		k := strings.IndexByte(s, '"')
		if k < 0 {
			break
		}
		dst = append(dst, s[:k+1]...)
		dst = append(dst, '"')
		s = s[k+1:]
	}
	dst = append(dst, s...)
	return append(dst, '"')
}

// writeRows writes head, a newline, and write(k) for each row k.
func writeRows(ctx context.Context, path string, head []byte, rows []int, write func(w *bufio.Writer, k int)) (err error) {
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}()
	w := bufio.NewWriterSize(out, 1<<20)
	w.Write(head)
	w.WriteByte('\n')
	for i, k := range rows {
		if i%65536 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		write(w, k)
	}
	return w.Flush()
}

// prepareTable is the in-memory path: package table reads Train.csv with
// pandas' full inference and writes the splits.
func prepareTable(ctx context.Context, d competition.Dirs) error {
	r, closeZip, err := openTrain(d)
	if err != nil {
		return err
	}
	defer closeZip()
	old, err := table.Read(r, table.ReadOptions{Dtype: map[string]table.Kind{"Id": table.String, "Tags": table.String}, Path: "Train.csv"})
	r.Close()
	if err != nil {
		return fmt.Errorf("reading raw Train.csv: %w", err)
	}
	if !old.Has("Tags") {
		return fmt.Errorf("raw Train.csv: no Tags column")
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	newTrain, newTest := old.Take(trainIdx), old.Take(testIdx)
	testNoLabels := newTest.Drop("Tags")
	tags := make([]string, newTest.Len())
	for i := range tags {
		tags[i] = sampleTags
	}
	sample, err := testNoLabels.With(table.Strings("Tags", tags))
	if err != nil {
		return err
	}
	for _, f := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Public, "train.csv"), newTrain},
		{filepath.Join(d.Public, "test.csv"), testNoLabels},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
		{filepath.Join(d.Private, "test.csv"), newTest},
	} {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := table.WriteFile(f.path, f.t, table.WriteOptions{}); err != nil {
			return fmt.Errorf("writing %s: %w", f.path, err)
		}
	}
	return nil
}

// tagSets is Series.fillna("").str.split() of a Tags column: Python
// str.split() tokens per row. A column pandas holds as numbers (not all
// missing) or bools has no .str accessor: an error.
func tagSets(c *table.Column) ([][]string, error) {
	out := make([][]string, c.Len())
	switch c.Kind {
	case table.String:
	case table.Float64:
		for i := 0; i < c.Len(); i++ {
			if !c.IsNull(i) {
				return nil, fmt.Errorf("Can only use .str accessor with string values!")
			}
		}
		return out, nil // fillna("") makes an all-NaN column text
	default:
		return nil, fmt.Errorf("Can only use .str accessor with string values!")
	}
	for i := 0; i < c.Len(); i++ {
		if c.IsNull(i) {
			continue
		}
		if c.Mixed != nil && c.Mixed[i] != table.String {
			// A number inside an object column: .str.split gives NaN, which
			// the binarizer cannot iterate.
			return nil, fmt.Errorf("'float' object is not iterable")
		}
		out[i] = metric.PySplit(c.Text[i])
	}
	return out, nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansID, ok1 := ans.Col("Id")
	ansTags, ok2 := ans.Col("Tags")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns Id and Tags")
	}
	subID, ok := sub.Col("Id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the `Id` column")
	}
	subTags, ok := sub.Col("Tags")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the `Tags` column")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers `Id` values do not match")
	}
	truth, err := tagSets(ansTags.Take(ansIdx))
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers Tags: %w", err)
	}
	pred, err := tagSets(subTags.Take(subIdx))
	if err != nil {
		return competition.Score{}, err
	}
	f1, err := microF1(truth, pred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(f1), nil
}

// microF1 binarises both sides over the sorted vocabulary of the true
// tags (MultiLabelBinarizer) and returns f1_score(average="micro").
func microF1(truth, pred [][]string) (float64, error) {
	vocab := map[string]bool{}
	for _, row := range truth {
		for _, t := range row {
			vocab[t] = true
		}
	}
	if len(vocab) < 2 {
		// Zero columns or one column: not a multilabel indicator for
		// scikit-learn's target-type check.
		return 0, fmt.Errorf("a vocabulary of %d tag(s) is not multilabel-indicator input", len(vocab))
	}
	var tp, fp, fn int64
	for i := range truth {
		want := map[string]bool{}
		for _, t := range truth[i] {
			want[t] = true
		}
		got := map[string]bool{}
		for _, t := range pred[i] {
			if vocab[t] {
				got[t] = true
			}
		}
		for t := range got {
			if want[t] {
				tp++
			} else {
				fp++
			}
		}
		for t := range want {
			if !got[t] {
				fn++
			}
		}
	}
	den := 2*tp + fp + fn
	if den == 0 {
		return 0, nil
	}
	return float64(2*tp) / float64(den), nil
}

// FakeRaw writes raw/Train.zip holding Train.csv (default 300 rows):
// unique integer Ids, multi-line Bodies with commas and double quotes, a few
// NA-like Titles/Bodies ("NA", "null", empty), 1–5 tags per row from a
// vocabulary of about 40 (one row has no tags). The Kaggle test archive and
// sample submission are not written: prepare never opens them.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "facebook-recruiting-iii-keyword-extraction")
	n := synth.Rows(opt.Rows, 300)
	vocab := []string{"javascript", "c#", "python", "php", "java", "android", "jquery", "c++", "iphone",
		"asp.net", "mysql", "html", "css", ".net", "objective-c", "sql", "linux", "ruby-on-rails", "windows",
		"ios", "ruby", "django", "regex", "xml", "json", "ajax", "sql-server", "arrays", "wpf", "string",
		"git", "bash", "c", "node.js", "excel", "vba", "r", "matlab", "scala", "haskell"}
	words := []string{"how", "to", "get", "the", "value", "of", "a", "list", "in", "error", "when",
		"using", "with", "file", "not", "working", "function", "class", "return", "null", "array"}
	sentence := func(k int) string {
		w := make([]string, k)
		for i := range w {
			w[i] = synth.Pick(r, words)
		}
		return strings.Join(w, " ")
	}
	c := synth.CSV{Header: []string{"Id", "Title", "Body", "Tags"}}
	id := 0
	for i := 0; i < n; i++ {
		id += 1 + r.IntN(5)
		title := sentence(3 + r.IntN(6))
		if r.IntN(4) == 0 {
			title += ", " + sentence(2) + "?"
		}
		body := "<p>" + sentence(5+r.IntN(10)) + "</p>\n\n<pre><code>x = \"" + sentence(2) + "\";\n</code></pre>\n"
		switch r.IntN(12) {
		case 0:
			body = "NA"
		case 1:
			body = sentence(4) // single line, no quoting needed
		case 2:
			body = "a,b\r\nc"
		}
		switch r.IntN(40) {
		case 0:
			title = "null"
		case 1:
			title = ""
		}
		k := 1 + r.IntN(5)
		seen := map[string]bool{}
		var tags []string
		for len(tags) < k {
			t := synth.Pick(r, vocab)
			if !seen[t] {
				seen[t] = true
				tags = append(tags, t)
			}
		}
		tagText := strings.Join(tags, " ")
		if i == 7 {
			tagText = ""
		}
		c.Add(strconv.Itoa(id), title, body, tagText)
	}
	return synth.WriteZip(filepath.Join(dir, "Train.zip"), []synth.ZipEntry{{Name: "Train.csv", Data: c.Bytes()}})
}
