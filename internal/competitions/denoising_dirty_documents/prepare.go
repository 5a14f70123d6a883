package denoising_dirty_documents

import (
	"bufio"
	"context"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pillow"
	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	if err := archive.Extract(ctx, filepath.Join(d.Raw, "train.zip"), d.Public, archive.Options{}); err != nil {
		return fmt.Errorf("extracting train.zip: %w", err)
	}
	trainDir := filepath.Join(d.Public, "train")
	names, err := pnGs(trainDir)
	if err != nil {
		return err
	}
	_, testIdx, err := pyrand.TrainTestSplit(len(names), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.2), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	isTest := make(map[string]bool, len(testIdx))
	for _, i := range testIdx {
		isTest[names[i]] = true
	}
	nTest, nTrain := len(testIdx), len(names)-len(testIdx)

	testDir := filepath.Join(d.Public, "test")
	if err := os.MkdirAll(testDir, 0o755); err != nil {
		return err
	}
	for _, n := range names {
		if isTest[n] {
			if err := os.Rename(filepath.Join(trainDir, n), filepath.Join(testDir, n)); err != nil {
				return fmt.Errorf("moving test image: %w", err)
			}
		}
	}

	if err := archive.Extract(ctx, filepath.Join(d.Raw, "train_cleaned.zip"), d.Public, archive.Options{}); err != nil {
		return fmt.Errorf("extracting train_cleaned.zip: %w", err)
	}
	cleanedDir := filepath.Join(d.Public, "train_cleaned")
	privCleaned := filepath.Join(d.Private, "train_cleaned")
	if err := os.MkdirAll(privCleaned, 0o755); err != nil {
		return err
	}
	cleaned, err := pnGs(cleanedDir)
	if err != nil {
		return err
	}
	for _, n := range cleaned {
		if isTest[n] {
			if err := os.Rename(filepath.Join(cleanedDir, n), filepath.Join(privCleaned, n)); err != nil {
				return fmt.Errorf("moving cleaned test image: %w", err)
			}
		}
	}

	answerImages, err := pnGs(privCleaned)
	if err != nil {
		return err
	}
	if len(answerImages) == 0 {
		return fmt.Errorf("no cleaned image for any test image: No objects to concatenate")
	}
	rows, err := writeAnswers(ctx, privCleaned, answerImages,
		filepath.Join(d.Private, "answers.csv"), filepath.Join(d.Public, "sampleSubmission.csv"))
	if err != nil {
		return err
	}
	if err := os.RemoveAll(privCleaned); err != nil {
		return err
	}

	for _, c := range []struct {
		dir  string
		want int
	}{{trainDir, nTrain}, {testDir, nTest}} {
		got, err := pnGs(c.dir)
		if err != nil {
			return err
		}
		if len(got) != c.want {
			return fmt.Errorf("assertion failed: %d PNG files in %s, expected %d", len(got), c.dir, c.want)
		}
	}
	if rows == 0 {
		return fmt.Errorf("assertion failed: answers are empty")
	}
	return nil
}

// pnGs lists dir/*.png as pathlib's glob does (case-sensitive,
// non-recursive, names starting with "." included), sorted by name.
func pnGs(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", dir, err)
	}
	var out []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".png") {
			out = append(out, e.Name())
		}
	}
	slices.Sort(out)
	return out, nil
}

// writeAnswers streams the answers and the sample submission: one
// row per pixel of each image, in the given order. It returns the row count.
func writeAnswers(ctx context.Context, dir string, images []string, answersPath, samplePath string) (rows int, err error) {
	files := make([]*os.File, 2)
	writers := make([]*bufio.Writer, 2)
	for i, p := range []string{answersPath, samplePath} {
		f, err := os.Create(p)
		if err != nil {
			return 0, err
		}
		defer f.Close()
		files[i], writers[i] = f, bufio.NewWriterSize(f, 1<<20)
		writers[i].WriteString("id,value\n")
	}
	var values [256][]byte // value text per grey level: repr(L/255.0)
	for v := range values {
		values[v] = pyfloat.AppendRepr(nil, float64(v)/255.0)
	}
	var buf []byte
	for _, name := range images {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		pix, w, h, err := readL(filepath.Join(dir, name))
		if err != nil {
			return 0, err
		}
		stem := fileStem(name)
		for r := 0; r < h; r++ {
			for c := 0; c < w; c++ {
				buf = buf[:0]
				buf = append(buf, stem...)
				buf = append(buf, '_')
				buf = strconv.AppendInt(buf, int64(r+1), 10)
				buf = append(buf, '_')
				buf = strconv.AppendInt(buf, int64(c+1), 10)
				id := table.AppendField(nil, string(buf))
				writers[0].Write(id)
				writers[0].WriteByte(',')
				writers[0].Write(values[pix[r*w+c]])
				writers[0].WriteByte('\n')
				writers[1].Write(id)
				writers[1].WriteString(",1\n")
				rows++
			}
		}
	}
	for i := range writers {
		if err := writers[i].Flush(); err != nil {
			return 0, err
		}
		if err := files[i].Close(); err != nil {
			return 0, err
		}
	}
	return rows, nil
}

// fileStem is pathlib's Path(name).stem for a *.png name: the name
// without ".png", except for the dot-file ".png" itself, which has no
// suffix and keeps its whole name.
func fileStem(name string) string {
	if name == ".png" {
		return name
	}
	return strings.TrimSuffix(name, ".png")
}

// readL decodes an image and converts it as Pillow's
// Image.convert("L") does, returning row-major 8-bit pixels.
func readL(path string) ([]uint8, int, int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, 0, err
	}
	defer f.Close()
	img, _, err := image.Decode(bufio.NewReader(f))
	if err != nil {
		return nil, 0, 0, fmt.Errorf("reading image %s: %w", path, err)
	}
	pix, w, h := pillow.ConvertL(img)
	return pix, w, h, nil
}
