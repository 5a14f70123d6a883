package textnorm

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// blockRows is pandas' block size for the 5-column train file.
var blockRows = table.BlockRows(5)

// multiBlockTrain is a train CSV of a little more than three pandas blocks:
// block 2's text columns are all numbers (pandas prints them as numbers
// there), block 3's hold NA tokens and quotes, and one sentence spans the
// boundary of blocks 1 and 2, another comes back after other sentences.
func multiBlockTrain() string {
	var b strings.Builder
	b.WriteString(`"sentence_id","token_id","class","before","after"` + "\n")
	words := []string{`"the"`, `"NA"`, `""`, `"a,b"`, `"say ""hi"""`, `"3.50"`, `"naïve"`}
	n := 3*blockRows + 1234
	sid, tok := 7, 0
	for r := 0; r < n; r++ {
		if tok >= 2+sid%5 {
			sid += 3
			tok = 0
		}
		if r == 2*blockRows+10 { // a sentence seen before comes back
			sid = 7
		}
		var before, after string
		switch {
		case r >= blockRows && r < 2*blockRows:
			before, after = strconv.Itoa(r%97), strconv.Itoa(r%89)+".5"
		default:
			before, after = words[r%len(words)], words[(r/3)%len(words)]
		}
		fmt.Fprintf(&b, "%d,%d,\"PLAIN\",%s,%s\n", sid, tok, before, after)
		tok++
	}
	return b.String()
}

func writeRaw(t *testing.T, dir, lang, train string) {
	t.Helper()
	for name, data := range map[string]string{
		lang + "_train.csv":               train,
		lang + "_test_2.csv":              "sentence_id,token_id,before\n0,0,\"a\"\n",
		lang + "_sample_submission_2.csv": "id,after\n0_0,\"a\"\n",
	} {
		m := zipfile.Member{Name: name, Method: zip.Deflate, Write: func(w io.Writer) error { _, err := io.WriteString(w, data); return err }}
		if err := zipfile.WriteMembers(filepath.Join(dir, name+".zip"), []zipfile.Member{m}); err != nil {
			t.Fatal(err)
		}
	}
}

func dirsUnder(t *testing.T, root, raw string) competition.Dirs {
	d := competition.Dirs{Raw: raw, Public: filepath.Join(root, "public"), Private: filepath.Join(root, "private")}
	for _, p := range []string{d.Public, d.Private} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// TestStreamedMatchesWhole: the streamed Prepare writes exactly the bytes
// of the previous whole-table one on a train file of several pandas blocks
// with per-block dtypes.
func TestStreamedMatchesWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("several pandas blocks (400k rows)")
	}
	root := t.TempDir()
	raw := filepath.Join(root, "raw")
	os.MkdirAll(raw, 0o755)
	writeRaw(t, raw, "en", multiBlockTrain())
	zips := []string{"en_test_2.csv.zip", "en_train.csv.zip", "en_sample_submission_2.csv.zip"}
	streamed := dirsUnder(t, filepath.Join(root, "streamed"), raw)
	whole := dirsUnder(t, filepath.Join(root, "whole"), raw)
	if err := Prepare(context.Background(), streamed, "en", zips); err != nil {
		t.Fatal(err)
	}
	if err := prepareWhole(context.Background(), whole, "en", zips); err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{"private/answers.csv", "private/sample_submission.csv",
		"public/en_train.csv.zip", "public/en_test_2.csv.zip", "public/en_sample_submission_2.csv.zip"} {
		a, err := os.ReadFile(filepath.Join(root, "streamed", rel))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(root, "whole", rel))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: streamed output (%d bytes) differs from the whole-table one (%d bytes)", rel, len(a), len(b))
		}
	}
	ents, _ := os.ReadDir(streamed.Public)
	if len(ents) != 3 {
		t.Errorf("public holds %d entries, want the 3 zips (temporary files left?)", len(ents))
	}
	// The numeric block really printed as numbers (the test exercises the rule).
	ans, err := os.ReadFile(filepath.Join(streamed.Private, "answers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`",[0-9]+\.5\n`).Match(ans) || !bytes.Contains(ans, []byte("\",\"\"\n")) {
		t.Error("answers.csv lacks bare numbers from the numeric block or NaN cells: the test data no longer exercises the block rule")
	}
}

// prepareWhole is the previous, whole-table Prepare: the reference of
// the streamed one.
func prepareWhole(ctx context.Context, d competition.Dirs, lang string, zipOrder []string) error {
	for _, z := range zipOrder {
		if err := zipfile.Check(filepath.Join(d.Raw, z)); err != nil {
			return err
		}
	}
	trainName := lang + "_train.csv"
	src := filepath.Join(d.Raw, trainName+".zip")
	df, err := zipfile.ReadCSV(src, trainName)
	if err != nil {
		return err
	}
	if got := df.Names(); strings.Join(got, ",") != strings.Join(columns, ",") {
		return fmt.Errorf("%s: columns %v, want exactly %v", trainName, got, columns)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	sid, _ := df.Col("sentence_id")
	tok, _ := df.Col("token_id")
	n := df.Len()

	// Distinct sentence ids in first-appearance order (Series.unique()).
	key := make([]string, n)
	first := map[string]int{} // id → position in unique
	var unique []string
	for i := 0; i < n; i++ {
		if sid.IsNull(i) {
			return fmt.Errorf("%s: row %d has no sentence_id", trainName, i+1)
		}
		k := sortKey(sid, i)
		key[i] = k
		if _, ok := first[k]; !ok {
			first[k] = len(unique)
			unique = append(unique, k)
		}
	}
	_, testPos, err := pyrand.TrainTestSplit(len(unique), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting %d sentences: %w", len(unique), err)
	}
	isTest := make([]bool, len(unique))
	for _, p := range testPos {
		isTest[p] = true
	}
	// Rows of each part in file order, with renumbered sentence ids.
	var trainRows, testRows []int
	var trainSID, testSID []int64
	renumTrain, renumTest := map[int]int64{}, map[int]int64{}
	for i := 0; i < n; i++ {
		u := first[key[i]]
		rows, sids, renum := &trainRows, &trainSID, renumTrain
		if isTest[u] {
			rows, sids, renum = &testRows, &testSID, renumTest
		}
		v, ok := renum[u]
		if !ok {
			v = int64(len(renum))
			renum[u] = v
		}
		*rows = append(*rows, i)
		*sids = append(*sids, v)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	train := df.Take(trainRows)
	train, err = train.With(table.Ints("sentence_id", trainSID))
	if err != nil {
		return err
	}
	answersAll := df.Take(testRows)
	answersAll, err = answersAll.With(table.Ints("sentence_id", testSID))
	if err != nil {
		return err
	}
	newTest, err := answersAll.Select("sentence_id", "token_id", "before")
	if err != nil {
		return err
	}
	testTok := tok.Take(testRows)
	ids := make([]string, len(testRows))
	for i := range ids {
		ids[i] = strconv.FormatInt(testSID[i], 10) + "_" + testTok.Str(i)
	}
	idCol := table.Strings("id", ids)
	after, _ := answersAll.Col("after")
	before, _ := answersAll.Col("before")
	answers := table.MustNew(idCol, after)
	sample := table.MustNew(idCol, before.Renamed("after"))
	if len(trainRows)+len(testRows) != n {
		return fmt.Errorf("split lost rows: %d + %d != %d", len(trainRows), len(testRows), n)
	}

	opt := table.WriteOptions{Quoting: table.QuoteNonNumeric}
	for _, f := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Private, "answers.csv"), answers},
		{filepath.Join(d.Private, "sample_submission.csv"), sample},
	} {
		if err := table.WriteFile(f.path, f.t, opt); err != nil {
			return fmt.Errorf("writing %s: %w", f.path, err)
		}
	}
	for _, f := range []struct {
		name string
		t    *table.Table
	}{
		{lang + "_train.csv", train},
		{lang + "_test_2.csv", newTest},
		{lang + "_sample_submission_2.csv", sample},
	} {
		if err := ctx.Err(); err != nil {
			return err
		}
		t := f.t
		member := zipfile.Member{Name: f.name, Method: zip.Store, Write: func(w io.Writer) error { return t.WriteCSV(w, opt) }}
		if err := zipfile.WriteMembers(filepath.Join(d.Public, f.name+".zip"), []zipfile.Member{member}); err != nil {
			return err
		}
	}
	return nil
}
