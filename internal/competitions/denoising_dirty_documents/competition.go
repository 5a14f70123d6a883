// Package denoising_dirty_documents is the denoising-dirty-documents competition (the original's
// mlebench/competitions/denoising-dirty-documents/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/denoising-dirty-documents.md
//
// Quirks reproduced:
//   - raw/train.zip and raw/train_cleaned.zip are extracted whole into
//     public/ (extra members stay there);
//   - the split is over the *lexicographically* sorted public/train/*.png
//     names (pathlib glob: case-sensitive, non-recursive, dot-files
//     included), train_test_split(test_size=0.2, random_state=0); the test
//     noisy images move to public/test/, their cleaned versions to
//     private/train_cleaned/ (a test name without a cleaned file is silently
//     skipped; none at all fails as pandas.concat of nothing does);
//   - answers: one row per pixel of each cleaned test image in sorted name
//     order, row-major, id <stem>_<row>_<col> (1-based), value = L/255.0
//     with Pillow's "L" conversion (ITU-R 601-2 integer luma for colour
//     images, 16-bit grey clipped to 255); the sample submission has the
//     same ids and the integer value 1;
//   - grading: id and value columns, value castable to float (cell by
//     cell in an object column of several types), row count, sorted-id
//     match (ids mixing text and numbers: the sort's TypeError), then RMSE
//     (NumPy float64; NaN/inf → sklearn error).
//
// Deliberate difference: the original's final "no duplicate rows" and
// equal-length asserts re-read the 5-6 million row files; the port counts
// the rows it wrote instead (ids are unique by construction, so the
// duplicate assert cannot fail).
package denoising_dirty_documents

import (
	"bufio"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/bigcsv"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/pillow"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "denoising-dirty-documents",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

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
				id := bigcsv.QuoteField(buf)
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

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansID, ok1 := ans.Col("id")
	ansVal, ok2 := ans.Col("value")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have id and value columns")
	}
	yAns, err := pandas.Floats(ansVal)
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers value column: %w", err)
	}
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the 'id' column")
	}
	subVal, ok := sub.Col("value")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the 'value' column")
	}
	ySub, err := pandas.Floats(subVal)
	if err != nil {
		return competition.Score{}, competition.Invalid("Submission 'value' column must be numeric: %v", err)
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission ids do not match the answers' ids")
	}
	a, b := make([]float64, len(subIdx)), make([]float64, len(ansIdx))
	for k := range subIdx {
		a[k], b[k] = ySub[subIdx[k]], yAns[ansIdx[k]]
	}
	rmse, err := metric.RMSE(a, b)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(rmse), nil
}

// FakeRaw writes raw/train.zip (a train/ directory entry, default
// 21 noisy 8×6 grey PNGs train/<k>.png with integer stems chosen so that
// lexicographic and numeric order differ, plus a non-PNG member
// train/notes.txt and a __MACOSX/ member, which are extracted but not
// split) and raw/train_cleaned.zip with train_cleaned/<k>.png. Cleaned
// images come as 8-bit grey, RGB, palette (with a translucent entry) and
// 16-bit grey PNGs so that Pillow's "L" conversion is exercised; the
// generator runs the split itself so that the test images cover every
// format and one test image has no cleaned version.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "denoising-dirty-documents")
	n := synth.Rows(opt.Rows, 21)
	stems := make([]string, n)
	for i := range stems {
		stems[i] = strconv.Itoa(1 + i*i*7)
	}
	sorted := make([]string, n)
	for i, s := range stems {
		sorted[i] = s + ".png"
	}
	slices.Sort(sorted)
	_, testIdx, err := pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.2), RandomState: 0})
	if err != nil {
		return err
	}
	testNames := make([]string, len(testIdx))
	for k, i := range testIdx {
		testNames[k] = sorted[i]
	}
	slices.Sort(testNames)
	format := map[string]int{} // 0 grey, 1 RGB, 2 palette, 3 16-bit grey, 4 no cleaned image
	for k, name := range testNames {
		format[name] = min(k, 4)
	}
	train := []synth.ZipEntry{{Name: "train/"}}
	cleaned := []synth.ZipEntry{{Name: "train_cleaned/"}}
	for i, s := range stems {
		noisy, err := synth.PNG(synth.Gray(r, 8, 6))
		if err != nil {
			return err
		}
		train = append(train, synth.ZipEntry{Name: "train/" + s + ".png", Data: noisy})
		f, isTest := format[s+".png"]
		if !isTest {
			f = i % 4
		}
		var img image.Image
		switch f {
		case 0:
			img = synth.Gray(r, 8, 6)
		case 1:
			img = synth.RGB(r, 8, 6)
		case 2:
			pal := color.Palette{color.RGBA{255, 255, 255, 255}, color.RGBA{0, 0, 0, 255}, color.RGBA{200, 30, 90, 255}, color.NRGBA{10, 240, 60, 128}}
			p := image.NewPaletted(image.Rect(0, 0, 8, 6), pal)
			for k := range p.Pix {
				p.Pix[k] = uint8(r.IntN(len(pal)))
			}
			img = p
		case 3:
			g := image.NewGray16(image.Rect(0, 0, 8, 6))
			for y := 0; y < 6; y++ {
				for x := 0; x < 8; x++ {
					g.SetGray16(x, y, color.Gray16{Y: uint16(r.IntN(600))})
				}
			}
			img = g
		default:
			continue
		}
		var b strings.Builder
		if err := png.Encode(&b, img); err != nil {
			return err
		}
		cleaned = append(cleaned, synth.ZipEntry{Name: "train_cleaned/" + s + ".png", Data: []byte(b.String())})
	}
	train = append(train,
		synth.ZipEntry{Name: "train/notes.txt", Data: []byte("not an image\n")},
		synth.ZipEntry{Name: "__MACOSX/train/._1.png", Data: []byte{0, 5, 22, 7}})
	if err := synth.WriteZip(filepath.Join(dir, "train.zip"), train); err != nil {
		return err
	}
	return synth.WriteZip(filepath.Join(dir, "train_cleaned.zip"), cleaned)
}
