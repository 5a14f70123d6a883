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
//
// Memory: the raw metadata is mapped and held once (its records are
// sub-slices of the mapping); the split is decided as record positions,
// every record is validated in a first pass over each part, the images are
// copied in bounded batches, and each output record is encoded just
// before it is written. Errors are the ones of a loop that checks each
// record, then copies, then writes.
func Prepare(ctx context.Context, d competition.Dirs) error {
	f, err := cocometa.Open(filepath.Join(d.Raw, "train_metadata.json"))
	if err != nil {
		return fmt.Errorf("reading raw metadata: %w", err)
	}
	defer f.Close()
	top := f.Members
	for _, k := range []string{"annotations", "images"} {
		if _, ok := top[k]; !ok {
			return fmt.Errorf("raw train_metadata.json has no %q key", k)
		}
	}
	anns, err := f.List("annotations", "annotations")
	if err != nil {
		return err
	}
	imgs, err := f.List("images", "images")
	if err != nil {
		return err
	}
	cats, err := cocometa.GroupList(anns, imgs, "image_id", "image_id")
	if err != nil {
		return fmt.Errorf("raw train_metadata.json: %w", err)
	}
	rawImages := filepath.Join(d.Raw, "train_images")

	// Train: renamed per category, k restarting at 1.
	pubTrain := filepath.Join(d.Public, "train_images")
	var train []trainRec
	var trainNames cocometa.Names // raw file_name of each train record
	var test []int
	var testCat []*big.Int
	for ci := range cats {
		c := &cats[ci]
		if err := ctx.Err(); err != nil {
			return err
		}
		tr, te, err := pyrand.TrainTestSplit(len(c.Items), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.2), RandomState: 0})
		if err != nil {
			return fmt.Errorf("splitting category %s (%d images): %w", c.ID, len(c.Items), err)
		}
		if len(tr) == 0 || len(te) == 0 {
			return fmt.Errorf("category %s: empty train or test part", c.ID)
		}
		dir := cocometa.CategoryDir(c.ID)
		if err := os.MkdirAll(filepath.Join(pubTrain, filepath.FromSlash(dir)), 0o755); err != nil {
			return err
		}
		for idx, i := range tr {
			k := c.Items[i]
			// anns.At(k) is an object: GroupList decoded it already.
			_, orig, err := image(imgs.At(k))
			if err != nil {
				return err
			}
			train = append(train, trainRec{k: k, cat: int32(ci), idx: int32(idx)})
			trainNames.Add(orig)
		}
		for _, i := range te {
			test = append(test, c.Items[i])
			testCat = append(testCat, c.ID)
		}
		c.Items = nil
	}
	// trainID is train record j's image_id and file_name.
	trainID := func(j int) (id, name string) {
		r := train[j]
		cid := cats[r.cat].ID
		id = cocometa.Pad(cid, 5) + "__" + pad(int(r.idx)+1, 3)
		return id, cocometa.CategoryDir(cid) + "/" + id + ".jpg"
	}
	if err := filecopy.RunEach(ctx, len(train), func(j int) (filecopy.Job, error) {
		_, name := trainID(j)
		return filecopy.Job{Src: filepath.Join(rawImages, filepath.FromSlash(trainNames.At(j))), Dst: filepath.Join(pubTrain, filepath.FromSlash(name))}, nil
	}); err != nil {
		return err
	}
	trainNames = cocometa.Names{}
	trainTop := make(map[string]any, len(top))
	for k, v := range top {
		trainTop[k] = v
	}
	trainTop["annotations"] = cocometa.LazyRecords{N: len(train), Encode: func(j int) ([]byte, error) {
		id, _ := trainID(j)
		return withFields(anns.At(train[j].k), "annotation", map[string]any{"image_id": id})
	}}
	trainTop["images"] = cocometa.LazyRecords{N: len(train), Encode: func(j int) ([]byte, error) {
		img, _, err := image(imgs.At(train[j].k))
		if err != nil {
			return nil, err
		}
		img["image_id"], img["file_name"] = trainID(j)
		return cocometa.Marshal(img)
	}}
	if err := cocometa.WriteObject(filepath.Join(d.Public, "train_metadata.json"), trainTop); err != nil {
		return err
	}
	nTrain := len(train)
	train = nil
	if n, err := cocometa.CountJPG(pubTrain); err != nil {
		return err
	} else if n != nTrain {
		return fmt.Errorf("public train images: %d .jpg files, want %d", n, nTrain)
	}

	// Test: shuffled, renamed.
	pyrand.NewRandom(0).Shuffle(len(test), func(i, j int) {
		test[i], test[j] = test[j], test[i]
		testCat[i], testCat[j] = testCat[j], testCat[i]
	})
	pubTest := filepath.Join(d.Public, "test_images")
	var testNames cocometa.Names
	var answers, sample bytes.Buffer
	answers.WriteString("Id,Predicted\n")
	sample.WriteString("Id,Predicted\n")
	for idx, k := range test {
		if idx%1000 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := os.MkdirAll(filepath.Join(pubTest, pad(idx/1000, 3)), 0o755); err != nil {
				return err
			}
		}
		_, orig, err := image(imgs.At(k))
		if err != nil {
			return err
		}
		testNames.Add(orig)
		fmt.Fprintf(&answers, "%d,%s\n", idx, testCat[idx])
		fmt.Fprintf(&sample, "%d,42\n", idx)
	}
	testCat = nil
	if err := filecopy.RunEach(ctx, len(test), func(idx int) (filecopy.Job, error) {
		return filecopy.Job{Src: filepath.Join(rawImages, filepath.FromSlash(testNames.At(idx))), Dst: filepath.Join(pubTest, filepath.FromSlash(testName(idx)))}, nil
	}); err != nil {
		return err
	}
	testNames = cocometa.Names{}
	if err := cocometa.WriteLazyList(filepath.Join(d.Public, "test_metadata.json"), cocometa.LazyRecords{N: len(test), Encode: func(idx int) ([]byte, error) {
		img, _, err := image(imgs.At(test[idx]))
		if err != nil {
			return nil, err
		}
		img["image_id"], img["file_name"] = strconv.Itoa(idx), testName(idx)
		return cocometa.Marshal(img)
	}}); err != nil {
		return err
	}
	if n, err := cocometa.CountJPG(pubTest); err != nil {
		return err
	} else if n != len(test) {
		return fmt.Errorf("public test images: %d .jpg files, want %d", n, len(test))
	}
	if nTrain+len(test) != anns.Len() {
		return fmt.Errorf("train + test annotations = %d, want %d", nTrain+len(test), anns.Len())
	}
	if err := os.WriteFile(filepath.Join(d.Private, "answers.csv"), answers.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing answers.csv: %w", err)
	}
	if err := os.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing sample_submission.csv: %w", err)
	}
	return nil
}

// trainRec is a train record: its raw position, its category (index into
// the grouped categories) and its rank in the category's train part.
type trainRec struct {
	k        int
	cat, idx int32
}

// testName is test image idx's file_name: <idx//1000:03d>/test-<idx:06d>.jpg.
func testName(idx int) string {
	return pad(idx/1000, 3) + "/test-" + pad(idx, 6) + ".jpg"
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
