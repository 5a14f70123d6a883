package mlsp_2013_birds

// mlsp-2013-birds — spec: ../shared/spec/competitions/mlsp-2013-birds.md
//
// Quirks reproduced:
//   - everything is read from raw/mlsp_contest_dataset.zip in place, under
//     its mlsp_contest_dataset/ folder;
//   - the fold-0 records are renumbered 0..m-1 (file order) and
//     DataFrame.sample(frac=0.2, random_state=0) marks round(0.2·m) of them
//     fold 1; the hard-coded assert of 64 test records (m in 318..322) fails
//     after public/essential_data/CVfolds_2.txt is written;
//   - the text files are read with universal newlines and split with
//     Python's str.splitlines; the first line is dropped unread; rec_ids go
//     through Python int() (a blank line fails prepare); the supplemental
//     files parse every line's rec_id before filtering;
//   - rec_labels_test_hidden.txt: test records get "?" and a record without
//     labels is written as the bare id, while the supplemental files write
//     "<id>," for a line without a comma; all three supplemental files get
//     the same header "rec_id,[histogram of segment features]";
//   - answers list the test records in label-file order (19 rows each, Id =
//     rec_id·100 + species), the sample in ascending rec_id order;
//   - segmentation_examples/ is always created, its images copied only when
//     present; the other per-recording images are required;
//   - grading: prepare_for_auroc_metric (Id, Probability) and one pooled
//     roc_auc_score (numpy float64).

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
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
	ID:      "mlsp-2013-birds",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

const (
	rootDir   = "mlsp_contest_dataset/"
	testCount = 64
	nSpecies  = 19
	suppHead  = "rec_id,[histogram of segment features]\n"
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

func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yScore, err := submission.PrepareForAUROC(sub, ans, "Id", "Probability")
	if err != nil {
		return competition.Score{}, err
	}
	auc, err := metric.ROCAUC(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(auc), nil
}

// FakeRaw writes raw/mlsp_contest_dataset.zip with every member under
// mlsp_contest_dataset/: 322 fold-0 records by default (Rows sets the
// number; the original needs 318–322) interleaved with 80 fold-1 records,
// the labels file (species sets, bare ids, "?" for fold 1), species_list,
// a WAV and three spectrogram images per recording (segmentation examples
// for some), the two mosaic images and the three supplemental text files
// (one with CRLF line ends, one with a comma-less line, several segments
// per recording). The 64 sampled test records hold both present and absent
// species.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	m := synth.Rows(opt.Rows, 322)
	r := synth.Rand(opt.Seed, "birds")
	total := m + 80
	fold := make([]int, total)
	for i := range fold {
		fold[i] = 1
	}
	for _, p := range r.Perm(total)[:m] {
		fold[p] = 0
	}
	var entries []synth.ZipEntry
	add := func(name string, data []byte) {
		entries = append(entries, synth.ZipEntry{Name: rootDir + name, Data: data})
	}
	var cv, names, labels, hist, feat, rect strings.Builder
	cv.WriteString("rec_id,fold\n")
	names.WriteString("rec_id,filename\n")
	labels.WriteString("rec_id,[labels]\n")
	hist.WriteString("rec_id,[histogram of segment features]\r\n")
	feat.WriteString("rec_id,segment_id,[feature vector]\n")
	rect.WriteString("rec_id,[Segment_ID, min_x, max_x, min_y, max_y]\n")
	wav := synth.WAV([]int16{0, 1200, -1200, 300}, 16000)
	for id := 0; id < total; id++ {
		fmt.Fprintf(&cv, "%d,%d\n", id, fold[id])
		f := fmt.Sprintf("PC%d_2009%02d%02d_%06d_%04d", 1+r.IntN(13), 1+r.IntN(12), 1+r.IntN(28), r.IntN(240000), id)
		fmt.Fprintf(&names, "%d,%s\n", id, f)
		if fold[id] == 1 {
			fmt.Fprintf(&labels, "%d,?\n", id)
		} else {
			var sp []string
			for s := 0; s < nSpecies; s++ {
				if r.IntN(12) == 0 {
					sp = append(sp, strconv.Itoa(s))
				}
			}
			if id%5 == 0 {
				sp = append(sp, "3") // a present species in many records
			}
			if len(sp) == 0 {
				fmt.Fprintf(&labels, "%d\n", id)
			} else {
				fmt.Fprintf(&labels, "%d,%s\n", id, strings.Join(sp, ","))
			}
		}
		add("essential_data/src_wavs/"+f+".wav", wav)
		for _, d := range []string{"filtered_spectrograms", "spectrograms", "supervised_segmentation"} {
			add("supplemental_data/"+d+"/"+f+".bmp", []byte("BM"+d+f))
		}
		if id%7 == 0 {
			add("supplemental_data/segmentation_examples/"+f+".bmp", []byte("BMexample"+f))
		}
		vals := make([]string, 5)
		for k := range vals {
			vals[k] = strconv.FormatFloat(float64(r.IntN(1000))/1000, 'f', -1, 64)
		}
		fmt.Fprintf(&hist, "%d,%s\r\n", id, strings.Join(vals, ","))
		for seg := 0; seg < r.IntN(3); seg++ {
			fmt.Fprintf(&feat, "%d,%d,%s\n", id, seg, strings.Join(vals, ","))
			fmt.Fprintf(&rect, "%d,%d,%d,%d,%d,%d,\n", id, seg, r.IntN(100), r.IntN(100), r.IntN(50), r.IntN(50))
		}
		if id == 9 {
			fmt.Fprintf(&rect, "%d\n", id)
		}
	}
	add("essential_data/CVfolds_2.txt", []byte(cv.String()))
	add("essential_data/rec_id2filename.txt", []byte(names.String()))
	add("essential_data/rec_labels_test_hidden.txt", []byte(labels.String()))
	add("essential_data/species_list.txt", []byte("class_id,code,species\n0,BRCR,Brown Creeper\n1,PAWR,Pacific Wren\n"))
	add("supplemental_data/segment_clusters.bmp", []byte("BMclusters"))
	add("supplemental_data/segment_mosaic.bmp", []byte("BMmosaic"))
	add("supplemental_data/histogram_of_segments.txt", []byte(hist.String()))
	add("supplemental_data/segment_features.txt", []byte(feat.String()))
	add("supplemental_data/segment_rectangles.txt", []byte(rect.String()))
	add("README.txt", []byte("unused\n"))
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].Name < entries[j].Name })
	return synth.WriteZip(filepath.Join(dir, "mlsp_contest_dataset.zip"), entries)
}
