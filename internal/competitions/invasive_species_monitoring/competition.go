package invasive_species_monitoring

// invasive-species-monitoring:
// ../shared/spec/competitions/invasive-species-monitoring.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.2, random_state=0) of train_labels.csv,
//     rows in RandomState(0).permutation order; the sample submission (in
//     both private/ and public/) is the answers with invasive 0.5;
//   - the public CSVs ship only inside shutil.make_archive zips holding one
//     DEFLATE member each (sample_submission.csv.zip, train_labels.csv.zip);
//   - the upstream py7zr defect: public/train.7z and public/test.7z each hold
//     a single empty directory entry named after the absolute path of
//     public/train (resp. public/test) with its leading '/' removed, and no
//     images. Every image is still required in raw/train/ (the original
//     copies them before archiving and deleting the folders);
//   - grading is the shared AUROC helper on name/invasive.

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/archive"
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
	ID:      "invasive-species-monitoring",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	if err := archive.Extract(ctx, filepath.Join(d.Raw, "train.7z"), d.Raw, archive.Options{}); err != nil {
		return fmt.Errorf("extracting raw train.7z: %w", err)
	}
	labels, err := zipfile.ReadCSV(filepath.Join(d.Raw, "train_labels.csv.zip"), "train_labels.csv")
	if err != nil {
		return fmt.Errorf("reading raw train_labels.csv: %w", err)
	}
	if got := strings.Join(labels.Names(), ","); got != "name,invasive" {
		return fmt.Errorf("raw train_labels.csv: columns %s, expected name,invasive", got)
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(labels.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.2), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	answers, newTrain := labels.Take(testIdx), labels.Take(trainIdx)
	ansNames, _ := answers.Col("name")
	trainNames, _ := newTrain.Col("name")
	if !pandas.Unique(ansNames) || !pandas.Unique(trainNames) {
		return fmt.Errorf("raw train_labels.csv: names are not unique")
	}
	if !pandas.Disjoint(ansNames, trainNames) {
		return fmt.Errorf("raw train_labels.csv: train and test names overlap")
	}
	halves := make([]float64, answers.Len())
	for i := range halves {
		halves[i] = 0.5
	}
	sample := table.MustNew(ansNames, table.Floats("invasive", halves))
	var sampleCSV, trainCSV bytes.Buffer
	if err := sample.WriteCSV(&sampleCSV, table.WriteOptions{}); err != nil {
		return err
	}
	if err := newTrain.WriteCSV(&trainCSV, table.WriteOptions{}); err != nil {
		return err
	}
	if err := table.WriteFile(filepath.Join(d.Private, "answers.csv"), answers, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing answers.csv: %w", err)
	}
	if err := os.WriteFile(filepath.Join(d.Private, "sample_submission.csv"), sampleCSV.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing private sample_submission.csv: %w", err)
	}
	// The original copies every image into public/train and public/test
	// (a missing one is a FileNotFoundError) and deletes both folders after
	// its non-recursive 7z write: only the existence check is observable.
	for _, names := range []*table.Column{trainNames, ansNames} {
		for i := 0; i < names.Len(); i++ {
			if i%1024 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			p := filepath.Join(d.Raw, "train", names.Str(i)+".jpg")
			if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
				return fmt.Errorf("raw image %s: missing or not a file", p)
			}
		}
	}
	for _, z := range []struct {
		name string
		data []byte
	}{{"sample_submission.csv", sampleCSV.Bytes()}, {"train_labels.csv", trainCSV.Bytes()}} {
		data := z.data
		err := zipfile.WriteMembers(filepath.Join(d.Public, z.name+".zip"), []zipfile.Member{{Name: z.name, Method: zip.Deflate,
			Write: func(w io.Writer) error { _, err := w.Write(data); return err }}})
		if err != nil {
			return err
		}
	}
	for _, folder := range []string{"train", "test"} {
		abs, err := filepath.Abs(filepath.Join(d.Public, folder))
		if err != nil {
			return err
		}
		name := strings.TrimLeft(filepath.ToSlash(abs), "/")
		if err := archive.Write7z(ctx, filepath.Join(d.Public, folder+".7z"), []archive.Entry7z{{Name: name, Dir: true}}); err != nil {
			return err
		}
	}
	return nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yScore, err := submission.PrepareForAUROC(sub, ans, "name", "invasive")
	if err != nil {
		return competition.Score{}, err
	}
	auc, err := metric.ROCAUC(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(auc), nil
}

// FakeRaw writes raw/train_labels.csv.zip (name,invasive; default
// 60 rows, names 1..n, both classes) and raw/train.7z holding a train/
// directory entry and a tiny JPEG train/<name>.jpg for every name.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "invasive-species-monitoring")
	n := max(synth.Rows(opt.Rows, 60), 10)
	labels := synth.Balanced(r, n, []string{"0", "1"})
	c := synth.CSV{Header: []string{"name", "invasive"}}
	for i, l := range labels {
		c.Add(strconv.Itoa(i+1), l)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := synth.WriteZip(filepath.Join(dir, "train_labels.csv.zip"), []synth.ZipEntry{{Name: "train_labels.csv", Data: c.Bytes()}}); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(dir, ".invasive-images-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	entries := []archive.Entry7z{{Name: "train", Dir: true}}
	for i := range labels {
		img, err := synth.JPEG(synth.RGB(r, 8, 6))
		if err != nil {
			return err
		}
		name := strconv.Itoa(i+1) + ".jpg"
		p := filepath.Join(tmp, name)
		if err := os.WriteFile(p, img, 0o644); err != nil {
			return err
		}
		entries = append(entries, archive.Entry7z{Name: "train/" + name, Path: p})
	}
	return archive.Write7z(context.Background(), filepath.Join(dir, "train.7z"), entries)
}
