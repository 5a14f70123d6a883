package invasive_species_monitoring

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

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
