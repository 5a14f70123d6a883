package mlsp_2013_birds

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	z, err := zipfile.Open(filepath.Join(d.Raw, "mlsp_contest_dataset.zip"))
	if err != nil {
		return err
	}
	defer z.Close()
	pubEss := filepath.Join(d.Public, "essential_data")
	pubSup := filepath.Join(d.Public, "supplemental_data")
	for _, dir := range []string{pubEss, pubSup} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	readTable := func(member string) (*table.Table, error) {
		return zipfile.ReadTable(z, rootDir+member, "mlsp_contest_dataset.zip")
	}

	// CVfolds: fold-0 records, renumbered, 20% sampled into fold 1.
	folds, err := readTable("essential_data/CVfolds_2.txt")
	if err != nil {
		return err
	}
	foldCol, ok1 := folds.Col("fold")
	recCol, ok2 := folds.Col("rec_id")
	if !ok1 || !ok2 {
		return fmt.Errorf("CVfolds_2.txt needs rec_id and fold columns")
	}
	var keep []int
	for i := 0; i < folds.Len(); i++ {
		if v, ok := foldCol.Float(i); ok && v == 0 {
			keep = append(keep, i)
		}
	}
	m := len(keep)
	mapping := map[any]int{}
	for pos, r := range keep {
		if k, ok := pandas.CellKey(recCol, r); ok {
			mapping[k] = pos
		}
	}
	sampled, err := pyrand.SampleFrac(m, 0.2, false, 0)
	if err != nil {
		return err
	}
	newFold := make([]int64, m)
	for _, p := range sampled {
		newFold[p] = 1
	}
	newRec := make([]int64, m)
	for i := range newRec {
		newRec[i] = int64(i)
	}
	cv, err := folds.Take(keep).With(table.Ints("rec_id", newRec))
	if err != nil {
		return err
	}
	if cv, err = cv.With(table.Ints("fold", newFold)); err != nil {
		return err
	}
	if err := table.WriteFile(filepath.Join(pubEss, "CVfolds_2.txt"), cv, table.WriteOptions{}); err != nil {
		return err
	}
	isTest := map[int]bool{}
	var testIDs []int
	for i, f := range newFold {
		if f == 1 {
			isTest[i] = true
			testIDs = append(testIDs, i)
		}
	}
	if len(testIDs) != testCount {
		return fmt.Errorf("expected %d test records, got %d (the original hard-codes 64: %d fold-0 records)", testCount, len(testIDs), m)
	}

	// rec_id2filename
	names, err := readTable("essential_data/rec_id2filename.txt")
	if err != nil {
		return err
	}
	nameRec, ok := names.Col("rec_id")
	if !ok || !names.Has("filename") {
		return fmt.Errorf("rec_id2filename.txt needs rec_id and filename columns")
	}
	var nameRows []int
	var nameNew []int64
	for i := 0; i < names.Len(); i++ {
		if k, ok := pandas.CellKey(nameRec, i); ok {
			if p, found := mapping[k]; found {
				nameRows = append(nameRows, i)
				nameNew = append(nameNew, int64(p))
			}
		}
	}
	newNames, err := names.Take(nameRows).With(table.Ints("rec_id", nameNew))
	if err != nil {
		return err
	}
	if err := table.WriteFile(filepath.Join(pubEss, "rec_id2filename.txt"), newNames, table.WriteOptions{}); err != nil {
		return err
	}
	if newNames.Len() != m {
		return fmt.Errorf("rec_id2filename.txt has %d rows for the %d records", newNames.Len(), m)
	}

	// Labels.
	lines, err := readLines(z, "essential_data/rec_labels_test_hidden.txt")
	if err != nil {
		return err
	}
	var labels bytes.Buffer
	labels.WriteString("rec_id,[labels]\n")
	var answers bytes.Buffer
	answers.WriteString("Id,Probability\n")
	answerRows := 0
	for _, line := range lines {
		id, rest, err := splitLine(line)
		if err != nil {
			return fmt.Errorf("rec_labels_test_hidden.txt: %w", err)
		}
		p, ok := mapping[pandas.NewNumKey(0, id, true)]
		if !ok {
			continue
		}
		shown := rest
		if isTest[p] {
			shown = "?"
		}
		if shown == "" {
			fmt.Fprintf(&labels, "%d\n", p)
		} else {
			fmt.Fprintf(&labels, "%d,%s\n", p, shown)
		}
		if !isTest[p] {
			continue
		}
		species := map[int64]bool{}
		for _, tok := range strings.Split(rest, ",") {
			if tok == "" {
				continue
			}
			s, ok := pandas.PyInt(tok)
			if !ok {
				return fmt.Errorf("rec_labels_test_hidden.txt: invalid literal for int() with base 10: '%s'", tok)
			}
			species[s] = true
		}
		for s := 0; s < nSpecies; s++ {
			v := 0
			if species[int64(s)] {
				v = 1
			}
			fmt.Fprintf(&answers, "%d,%d\n", p*100+s, v)
			answerRows++
		}
	}
	if err := os.WriteFile(filepath.Join(pubEss, "rec_labels_test_hidden.txt"), labels.Bytes(), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(d.Private, "answers.csv"), answers.Bytes(), 0o644); err != nil {
		return err
	}
	if answerRows != len(testIDs)*nSpecies {
		return fmt.Errorf("answers have %d rows, expected %d", answerRows, len(testIDs)*nSpecies)
	}
	var sample bytes.Buffer
	sample.WriteString("Id,Probability\n")
	for _, p := range testIDs {
		for s := 0; s < nSpecies; s++ {
			fmt.Fprintf(&sample, "%d,0\n", p*100+s)
		}
	}
	if err := os.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample.Bytes(), 0o644); err != nil {
		return err
	}
	if err := z.ExtractTo(rootDir+"essential_data/species_list.txt", filepath.Join(pubEss, "species_list.txt")); err != nil {
		return fmt.Errorf("copying species_list.txt: %w", err)
	}

	// Recordings and their images.
	files := make([]string, newNames.Len())
	fileCol, _ := newNames.Col("filename")
	for i := range files {
		files[i] = fileCol.Str(i)
		if !imagecopy.SafeName(files[i] + ".wav") {
			return fmt.Errorf("recording name %q is not a plain file name", files[i])
		}
	}
	copyMember := func(member, dst string) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := z.ExtractTo(rootDir+member, dst); err != nil {
			return fmt.Errorf("copying %s: %w", member, err)
		}
		return nil
	}
	wavs := filepath.Join(pubEss, "src_wavs")
	if err := os.MkdirAll(wavs, 0o755); err != nil {
		return err
	}
	for _, f := range files {
		if err := copyMember("essential_data/src_wavs/"+f+".wav", filepath.Join(wavs, f+".wav")); err != nil {
			return err
		}
	}
	imageDirs := []string{"filtered_spectrograms", "segmentation_examples", "spectrograms", "supervised_segmentation"}
	for _, dir := range imageDirs {
		if err := os.MkdirAll(filepath.Join(pubSup, dir), 0o755); err != nil {
			return err
		}
	}
	for _, f := range files {
		for _, dir := range imageDirs {
			member := "supplemental_data/" + dir + "/" + f + ".bmp"
			if dir == "segmentation_examples" && !z.Has(rootDir+member) {
				continue
			}
			if err := copyMember(member, filepath.Join(pubSup, dir, f+".bmp")); err != nil {
				return err
			}
		}
	}
	for _, name := range []string{"segment_clusters.bmp", "segment_mosaic.bmp"} {
		if err := copyMember("supplemental_data/"+name, filepath.Join(pubSup, name)); err != nil {
			return err
		}
	}

	// Supplemental text files.
	for _, name := range []string{"histogram_of_segments.txt", "segment_features.txt", "segment_rectangles.txt"} {
		lines, err := readLines(z, "supplemental_data/"+name)
		if err != nil {
			return err
		}
		type parsed struct {
			id   int64
			rest string
		}
		all := make([]parsed, len(lines))
		for i, line := range lines {
			id, rest, err := splitLine(line)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			all[i] = parsed{id, rest}
		}
		var out bytes.Buffer
		out.WriteString(suppHead)
		for _, l := range all {
			if p, ok := mapping[pandas.NewNumKey(0, l.id, true)]; ok {
				fmt.Fprintf(&out, "%d,%s\n", p, l.rest)
			}
		}
		if err := os.WriteFile(filepath.Join(pubSup, name), out.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// readLines reads a text member with universal newlines, splits it with
// Python's str.splitlines and drops the first line.
func readLines(z *zipfile.Reader, member string) ([]string, error) {
	r, err := z.Open(rootDir + member)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", member, err)
	}
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("%s: 'utf-8' codec can't decode the file", member)
	}
	lines := pandas.PySplitlines(string(data))
	if len(lines) > 0 {
		lines = lines[1:]
	}
	return lines, nil
}

// splitLine splits "<rec_id>[,<rest>]" with Python int() on the id.
func splitLine(line string) (int64, string, error) {
	head, rest, _ := strings.Cut(line, ",")
	id, ok := pandas.PyInt(head)
	if !ok {
		return 0, "", fmt.Errorf("invalid literal for int() with base 10: '%s'", head)
	}
	return id, rest, nil
}
