package demo

// demo-image-regression: how big is the blob? Tiny grayscale PNG images of
// one bright disc on a noisy, unevenly lit background; the target is ten
// times the disc's radius plus a little label noise; scored by RMSE.

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

const (
	imageID    = "demo-image-regression"
	imageRows  = 1800
	imageTest  = 600
	imageTeams = 333
	imageSize  = 24
)

// imageDraw renders one image of a disc of radius rad and returns it.
func imageDraw(r *rand.Rand, rad float64) *image.Gray {
	img := image.NewGray(image.Rect(0, 0, imageSize, imageSize))
	bg := 25 + 70*r.Float64()
	contrast := 50 + 60*r.Float64()
	gAmp, gAngle := 20*r.Float64(), 2*math.Pi*r.Float64()
	lo, hi := rad+1, float64(imageSize)-rad-1
	cx, cy := lo+(hi-lo)*r.Float64(), lo+(hi-lo)*r.Float64()
	for y := 0; y < imageSize; y++ {
		for x := 0; x < imageSize; x++ {
			// Coverage of the pixel by the disc, 4×4 supersampled.
			cov := 0.0
			for sy := 0; sy < 4; sy++ {
				for sx := 0; sx < 4; sx++ {
					dx := float64(x) + (float64(sx)+0.5)/4 - cx
					dy := float64(y) + (float64(sy)+0.5)/4 - cy
					if dx*dx+dy*dy <= rad*rad {
						cov++
					}
				}
			}
			cov /= 16
			u := (float64(x)/imageSize-0.5)*math.Cos(gAngle) + (float64(y)/imageSize-0.5)*math.Sin(gAngle)
			v := bg + gAmp*u + contrast*cov + 10*r.NormFloat64()
			img.Pix[y*img.Stride+x] = uint8(math.Round(math.Min(255, math.Max(0, v))))
		}
	}
	return img
}

func imageFakeRaw(dir string, opt competition.FakeOptions) error {
	r := newRand(opt.Seed, imageID, "images")
	n := imageRows
	if opt.Rows > 0 {
		n = opt.Rows
	}
	if err := os.MkdirAll(filepath.Join(dir, "images"), 0o755); err != nil {
		return err
	}
	labels := &csvFile{header: []string{"id", "target"}}
	oracle := &csvFile{header: []string{"id", "expected"}}
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &pngPool{}}
	var buf bytes.Buffer
	for i := 0; i < n; i++ {
		rad := 2 + 6*r.Float64()
		img := imageDraw(r, rad)
		y := 10*rad + 1.2*r.NormFloat64()
		id := fmt.Sprintf("img_%05d", i+1)
		buf.Reset()
		if err := enc.Encode(&buf, img); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, "images", id+".png"), buf.Bytes(), 0o644); err != nil {
			return err
		}
		labels.add(id, ftoa(y, 2))
		oracle.add(id, ftoa(10*rad, 6))
	}
	if err := labels.write(filepath.Join(dir, "labels.csv")); err != nil {
		return err
	}
	return oracle.write(filepath.Join(dir, "oracle.csv"))
}

// pngPool reuses the encoder's buffers (sequential use only).
type pngPool struct{ b *png.EncoderBuffer }

func (p *pngPool) Get() *png.EncoderBuffer  { return p.b }
func (p *pngPool) Put(b *png.EncoderBuffer) { p.b = b }

func imagePrepare(ctx context.Context, d competition.Dirs) error {
	labels, err := readCSV(filepath.Join(d.Raw, "labels.csv"))
	if err != nil {
		return err
	}
	oracle, err := readCSV(filepath.Join(d.Raw, "oracle.csv"))
	if err != nil {
		return err
	}
	if len(labels.header) != 2 || len(oracle.rows) != len(labels.rows) {
		return fmt.Errorf("raw data: expected id,target and one oracle row per image")
	}
	nTest := imageTest * len(labels.rows) / imageRows
	train, test := splitRows(newRand(0, imageID, "split"), len(labels.rows), nTest)
	pubTrain := &csvFile{header: labels.header}
	sample := &csvFile{header: labels.header}
	answers := &csvFile{header: labels.header}
	privOracle := &csvFile{header: oracle.header}
	for _, part := range []struct {
		rows []int
		dir  string
	}{{train, "train"}, {test, "test"}} {
		if err := os.MkdirAll(filepath.Join(d.Public, part.dir), 0o755); err != nil {
			return err
		}
		for _, i := range part.rows {
			if err := ctx.Err(); err != nil {
				return err
			}
			id := labels.rows[i][0]
			if err := linkOrCopy(filepath.Join(d.Raw, "images", id+".png"), filepath.Join(d.Public, part.dir, id+".png")); err != nil {
				return err
			}
		}
	}
	for _, i := range train {
		pubTrain.add(labels.rows[i]...)
	}
	for _, i := range test {
		sample.add(labels.rows[i][0], "50.0")
		answers.add(labels.rows[i]...)
		privOracle.add(oracle.rows[i]...)
	}
	return writeAll(map[string]*csvFile{
		filepath.Join(d.Public, "train.csv"):             pubTrain,
		filepath.Join(d.Public, "sample_submission.csv"): sample,
		filepath.Join(d.Private, "answers.csv"):          answers,
		filepath.Join(d.Private, "oracle.csv"):           privOracle,
	})
}

// linkOrCopy hard-links src to dst (the raw files are deleted after
// preparing, so nothing else shares them), copying when linking fails.
func linkOrCopy(src, dst string) error {
	if os.Link(src, dst) == nil {
		return nil
	}
	return copyFile(src, dst)
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("copying %s: %w", src, err)
	}
	return out.Close()
}

// imageGrade: columns id and target (numbers), one row per test image;
// root mean squared error against the answers.
func imageGrade(sub, ans *table.Table) (competition.Score, error) {
	rows, err := alignByID(sub, ans, "id")
	if err != nil {
		return competition.Score{}, err
	}
	pred, err := numbers(sub, "target", rows)
	if err != nil {
		return competition.Score{}, err
	}
	yc, ok := ans.Col("target")
	if !ok || !yc.Numeric() {
		return competition.Score{}, fmt.Errorf("answers have no numeric target column")
	}
	y := make([]float64, ans.Len())
	for i := range y {
		y[i], _ = yc.Float(i)
	}
	rmse, err := metric.RMSE(y, pred)
	if err != nil {
		return competition.Score{}, fmt.Errorf("computing RMSE: %w", err)
	}
	return competition.Float(rmse), nil
}

// imageTeam is a simulated team's submission: the expected target plus a
// team-wide bias and per-image Gaussian noise.
func imageTeam(r *rand.Rand, noise float64, oracle *table.Table) (*table.Table, error) {
	ids, ok1 := oracle.Col("id")
	e, ok2 := oracle.Col("expected")
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("oracle needs id and expected columns")
	}
	bias := noise / 3 * r.NormFloat64()
	pred := make([]float64, oracle.Len())
	for i := range pred {
		v, _ := e.Float(i)
		pred[i] = v + bias + noise*r.NormFloat64()
	}
	return table.New(ids, table.Floats("target", pred))
}

const imageDescription = `# Demo: Blob Sizes (images, regression)

*This is a built-in demo competition of mlebench. Its data is synthetic: it was
generated by mlebench from a fixed seed, and the human leaderboard it is ranked
against is simulated. It exists so that the whole benchmark can be tried on any
machine in about a minute, without a Kaggle account.*

## Overview

A microscope camera takes tiny 24×24 grayscale pictures, each showing one round
bright blob on a noisy, unevenly lit background. The lab wants to know how big
each blob is. The target is a size measurement made by hand: ten times the
blob's radius in pixels, with some measurement error. Predict it for every test
image.

## Data

- ` + "`train/`" + ` — 1,200 PNG images, ` + "`<id>.png`" + `.
- ` + "`train.csv`" + ` — ` + "`id`, `target`" + ` for the training images.
- ` + "`test/`" + ` — 600 PNG images to predict.
- ` + "`sample_submission.csv`" + ` — a submission in the correct format (lists every test id).

## Evaluation

Submissions are scored by the root mean squared error between the predicted and
the measured targets:

    RMSE = sqrt( (1/N) * sum over images i of (prediction[i] - target[i])^2 )

Lower is better.

The submission file has a header and exactly one row per test image:

    id,target
    img_00003,41.5
    ...

Every test ` + "`id`" + ` must appear exactly once and ` + "`target`" + ` must be a number.
`
