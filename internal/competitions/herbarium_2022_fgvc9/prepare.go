package herbarium_2022_fgvc9

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/cocometa"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// Prepare writes public/train_metadata.json, public/train_images/…,
// public/test_metadata.json, public/test_images/…,
// public/sample_submission.csv and private/answers.csv.
func Prepare(ctx context.Context, d competition.Dirs) error {
	top, err := cocometa.ReadObject(filepath.Join(d.Raw, "train_metadata.json"))
	if err != nil {
		return fmt.Errorf("reading raw metadata: %w", err)
	}
	for _, k := range []string{"annotations", "images"} {
		if _, ok := top[k]; !ok {
			return fmt.Errorf("raw train_metadata.json has no %q key", k)
		}
	}
	anns, err := cocometa.List(top["annotations"], "annotations")
	if err != nil {
		return err
	}
	imgs, err := cocometa.List(top["images"], "images")
	if err != nil {
		return err
	}
	// The raw lists are now held record by record; drop the copies.
	top["annotations"], top["images"] = nil, nil
	cats, err := cocometa.Group(anns, imgs, "image_id", "image_id")
	if err != nil {
		return fmt.Errorf("raw train_metadata.json: %w", err)
	}
	rawImages := filepath.Join(d.Raw, "train_images")

	// Train: renamed per category, k restarting at 1.
	pubTrain := filepath.Join(d.Public, "train_images")
	var trAnns, trImgs cocometa.Records
	var jobs []filecopy.Job
	var test []int
	var testCat []*big.Int
	for _, c := range cats {
		if err := ctx.Err(); err != nil {
			return err
		}
		train, te, err := pyrand.TrainTestSplit(len(c.Items), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.2), RandomState: 0})
		if err != nil {
			return fmt.Errorf("splitting category %s (%d images): %w", c.ID, len(c.Items), err)
		}
		if len(train) == 0 || len(te) == 0 {
			return fmt.Errorf("category %s: empty train or test part", c.ID)
		}
		dir := cocometa.CategoryDir(c.ID)
		if err := os.MkdirAll(filepath.Join(pubTrain, filepath.FromSlash(dir)), 0o755); err != nil {
			return err
		}
		for idx, i := range train {
			k := c.Items[i]
			id := cocometa.Pad(c.ID, 5) + "__" + pad(idx+1, 3)
			name := dir + "/" + id + ".jpg"
			a, err := withFields(anns[k], "annotation", map[string]any{"image_id": id})
			if err != nil {
				return err
			}
			img, orig, err := image(imgs[k])
			if err != nil {
				return err
			}
			img["image_id"], img["file_name"] = id, name
			m, err := cocometa.Marshal(img)
			if err != nil {
				return err
			}
			trAnns, trImgs = append(trAnns, a), append(trImgs, m)
			jobs = append(jobs, filecopy.Job{Src: filepath.Join(rawImages, filepath.FromSlash(orig)), Dst: filepath.Join(pubTrain, filepath.FromSlash(name))})
		}
		for _, i := range te {
			test = append(test, c.Items[i])
			testCat = append(testCat, c.ID)
		}
	}
	if err := filecopy.Run(ctx, jobs); err != nil {
		return err
	}
	trainTop := make(map[string]any, len(top))
	for k, v := range top {
		trainTop[k] = v
	}
	trainTop["annotations"], trainTop["images"] = trAnns, trImgs
	if err := cocometa.WriteObject(filepath.Join(d.Public, "train_metadata.json"), trainTop); err != nil {
		return err
	}
	if n, err := cocometa.CountJPG(pubTrain); err != nil {
		return err
	} else if n != len(trImgs) || n != len(trAnns) {
		return fmt.Errorf("public train images: %d .jpg files, want %d", n, len(trImgs))
	}

	// Test: shuffled, renamed.
	pyrand.NewRandom(0).Shuffle(len(test), func(i, j int) {
		test[i], test[j] = test[j], test[i]
		testCat[i], testCat[j] = testCat[j], testCat[i]
	})
	pubTest := filepath.Join(d.Public, "test_images")
	var teImgs cocometa.Records
	var answers, sample bytes.Buffer
	answers.WriteString("Id,Predicted\n")
	sample.WriteString("Id,Predicted\n")
	jobs = jobs[:0]
	for idx, k := range test {
		if idx%1000 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := os.MkdirAll(filepath.Join(pubTest, pad(idx/1000, 3)), 0o755); err != nil {
				return err
			}
		}
		img, orig, err := image(imgs[k])
		if err != nil {
			return err
		}
		id := strconv.Itoa(idx)
		name := pad(idx/1000, 3) + "/test-" + pad(idx, 6) + ".jpg"
		img["image_id"], img["file_name"] = id, name
		m, err := cocometa.Marshal(img)
		if err != nil {
			return err
		}
		teImgs = append(teImgs, m)
		jobs = append(jobs, filecopy.Job{Src: filepath.Join(rawImages, filepath.FromSlash(orig)), Dst: filepath.Join(pubTest, filepath.FromSlash(name))})
		fmt.Fprintf(&answers, "%d,%s\n", idx, testCat[idx])
		fmt.Fprintf(&sample, "%d,42\n", idx)
	}
	if err := filecopy.Run(ctx, jobs); err != nil {
		return err
	}
	if err := cocometa.WriteList(filepath.Join(d.Public, "test_metadata.json"), teImgs); err != nil {
		return err
	}
	if n, err := cocometa.CountJPG(pubTest); err != nil {
		return err
	} else if n != len(teImgs) {
		return fmt.Errorf("public test images: %d .jpg files, want %d", n, len(teImgs))
	}
	if len(trAnns)+len(test) != len(anns) {
		return fmt.Errorf("train + test annotations = %d, want %d", len(trAnns)+len(test), len(anns))
	}
	if err := os.WriteFile(filepath.Join(d.Private, "answers.csv"), answers.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing answers.csv: %w", err)
	}
	if err := os.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing sample_submission.csv: %w", err)
	}
	return nil
}

// withFields is a record with some fields replaced, encoded as json.dump
// writes it.
func withFields(raw json.RawMessage, what string, fields map[string]any) ([]byte, error) {
	m, err := cocometa.Object(raw, what)
	if err != nil {
		return nil, err
	}
	for k, v := range fields {
		m[k] = v
	}
	return cocometa.Marshal(m)
}

// image decodes an image record and returns its file_name, which must be
// a local relative path.
func image(raw json.RawMessage) (map[string]any, string, error) {
	img, err := cocometa.Object(raw, "image")
	if err != nil {
		return nil, "", err
	}
	name, ok := img["file_name"].(string)
	if !ok {
		return nil, "", fmt.Errorf("image %v: file_name is not a string", img["image_id"])
	}
	if !filepath.IsLocal(filepath.FromSlash(name)) {
		return nil, "", fmt.Errorf("image file_name %q is not a local relative path", name)
	}
	return img, name, nil
}

func pad(n, w int) string { return cocometa.Pad(big.NewInt(int64(n)), w) }
