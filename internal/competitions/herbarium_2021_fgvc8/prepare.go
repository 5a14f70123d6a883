package herbarium_2021_fgvc8

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/cocometa"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// testKeys is the asserted key set of the public test metadata.
var testKeys = []string{"images", "info", "licenses"}

// Prepare writes public/train/{metadata.json,images/…},
// public/test/{metadata.json,images/…}, public/sample_submission.csv and
// private/answers.csv.
//
// Memory: the raw metadata is mapped and held once (its records are
// sub-slices of the mapping), and every pass over the records drops the
// mapped pages behind it every 1,024 records (cocometa.DropEvery), so the
// resident part of the mapping stays small when the records are read out
// of file order; the split is decided as record positions,
// every record is validated in a first pass over each part, the images are
// copied in bounded batches, and each output record is encoded just
// before it is written. Errors are the ones of a loop that checks each
// record, then copies, then writes.
func Prepare(ctx context.Context, d competition.Dirs) error {
	rawTrain := filepath.Join(d.Raw, "train")
	f, err := cocometa.Open(filepath.Join(rawTrain, "metadata.json"))
	if err != nil {
		return fmt.Errorf("reading raw metadata: %w", err)
	}
	defer f.Close()
	top := f.Members
	for _, k := range []string{"annotations", "images"} {
		if _, ok := top[k]; !ok {
			return fmt.Errorf("raw metadata.json has no %q key", k)
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
	cats, err := cocometa.GroupList(anns, imgs, "image_id", "id")
	if err != nil {
		return fmt.Errorf("raw metadata.json: %w", err)
	}

	// Train: records in category order, images copied to their raw names
	// inside the category folders created so far.
	pubTrain := filepath.Join(d.Public, "train")
	created := map[string]bool{".": true}
	var train []int // positions into anns/imgs, in output order
	var trainNames cocometa.Names
	var test []int
	var testCat []*big.Int
	for ci := range cats {
		c := &cats[ci]
		if err := ctx.Err(); err != nil {
			return err
		}
		tr, te, err := cocometa.SplitSmall(len(c.Items), 0.2)
		if err != nil {
			return fmt.Errorf("splitting category %s: %w", c.ID, err)
		}
		dir := "images/" + cocometa.CategoryDir(c.ID)
		if err := os.MkdirAll(filepath.Join(pubTrain, filepath.FromSlash(dir)), 0o755); err != nil {
			return err
		}
		for p := dir; !created[p]; p = path.Dir(p) {
			created[p] = true
		}
		for _, i := range tr {
			k := c.Items[i]
			cocometa.DropEvery(imgs, len(train))
			// anns.At(k) decodes: GroupList decoded it already.
			img, err := cocometa.Object(imgs.At(k), "image")
			if err != nil {
				return err
			}
			name, err := fileName(img)
			if err != nil {
				return err
			}
			if !created[path.Dir(name)] {
				return fmt.Errorf("copying train image %s: destination folder %s does not exist (file_name is not under images/<cid//100>/<cid%%100>/ of its or an earlier category)", name, path.Dir(name))
			}
			train = append(train, k)
			trainNames.Add(name)
		}
		for _, i := range te {
			test = append(test, c.Items[i])
			testCat = append(testCat, c.ID)
		}
		c.Items = nil
	}
	created = nil
	if err := filecopy.RunEach(ctx, len(train), func(j int) (filecopy.Job, error) {
		name := filepath.FromSlash(trainNames.At(j))
		return filecopy.Job{Src: filepath.Join(rawTrain, name), Dst: filepath.Join(pubTrain, name)}, nil
	}); err != nil {
		return err
	}
	trainNames = cocometa.Names{}
	trainTop := make(map[string]any, len(top))
	for k, v := range top {
		trainTop[k] = v
	}
	trainTop["annotations"] = cocometa.LazyRecords{N: len(train), Encode: func(j int) ([]byte, error) {
		cocometa.DropEvery(anns, j)
		return reencode(anns.At(train[j]), "annotation")
	}}
	trainTop["images"] = cocometa.LazyRecords{N: len(train), Encode: func(j int) ([]byte, error) {
		cocometa.DropEvery(imgs, j)
		img, err := cocometa.Object(imgs.At(train[j]), "image")
		if err != nil {
			return nil, err
		}
		return cocometa.Marshal(img)
	}}
	if err := cocometa.WriteObject(filepath.Join(pubTrain, "metadata.json"), trainTop); err != nil {
		return err
	}
	nTrain := len(train)
	train = nil
	if n, err := cocometa.CountJPG(filepath.Join(pubTrain, "images")); err != nil {
		return err
	} else if n != nTrain {
		return fmt.Errorf("public train images: %d .jpg files, want %d", n, nTrain)
	}

	// Test: shuffled, renamed.
	if len(test) == 0 {
		return fmt.Errorf("no test images: every category has a single image")
	}
	pyrand.NewRandom(0).Shuffle(len(test), func(i, j int) {
		test[i], test[j] = test[j], test[i]
		testCat[i], testCat[j] = testCat[j], testCat[i]
	})
	pubTest := filepath.Join(d.Public, "test")
	var testNames cocometa.Names
	var answers, sample bytes.Buffer
	answers.WriteString("Id,Predicted\n")
	sample.WriteString("Id,Predicted\n")
	for idx, k := range test {
		if idx%1000 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := os.MkdirAll(filepath.Join(pubTest, "images", pad(idx/1000, 3)), 0o755); err != nil {
				return err
			}
		}
		cocometa.DropEvery(imgs, idx)
		img, err := cocometa.Object(imgs.At(k), "image")
		if err != nil {
			return err
		}
		orig, err := fileName(img)
		if err != nil {
			return err
		}
		testNames.Add(orig)
		fmt.Fprintf(&answers, "%d,%s\n", idx, testCat[idx])
		fmt.Fprintf(&sample, "%d,0\n", idx)
	}
	testCat = nil
	if err := filecopy.RunEach(ctx, len(test), func(idx int) (filecopy.Job, error) {
		return filecopy.Job{Src: filepath.Join(rawTrain, filepath.FromSlash(testNames.At(idx))), Dst: filepath.Join(pubTest, filepath.FromSlash(testName(idx)))}, nil
	}); err != nil {
		return err
	}
	testNames = cocometa.Names{}
	testTop := map[string]any{}
	for k, v := range top {
		testTop[k] = v
	}
	for _, k := range []string{"categories", "institutions", "annotations"} {
		if _, ok := testTop[k]; !ok {
			return fmt.Errorf("raw metadata.json has no %q key (deleted from the test metadata)", k)
		}
		delete(testTop, k)
	}
	testTop["images"] = cocometa.LazyRecords{N: len(test), Encode: func(idx int) ([]byte, error) {
		cocometa.DropEvery(imgs, idx)
		img, err := cocometa.Object(imgs.At(test[idx]), "image")
		if err != nil {
			return nil, err
		}
		img["id"], img["file_name"] = strconv.Itoa(idx), testName(idx)
		return cocometa.Marshal(img)
	}}
	keys := make([]string, 0, len(testTop))
	for k := range testTop {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if !slices.Equal(keys, testKeys) {
		return fmt.Errorf("test metadata keys %v, want exactly %v", keys, testKeys)
	}
	if err := cocometa.WriteObject(filepath.Join(pubTest, "metadata.json"), testTop); err != nil {
		return err
	}
	if n, err := cocometa.CountJPG(filepath.Join(pubTest, "images")); err != nil {
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

// testName is test image idx's file_name: images/<idx//1000:03d>/<idx>.jpg.
func testName(idx int) string {
	return "images/" + pad(idx/1000, 3) + "/" + strconv.Itoa(idx) + ".jpg"
}

// reencode is a record decoded and encoded again as json.dump writes it.
func reencode(raw json.RawMessage, what string) ([]byte, error) {
	v, err := cocometa.Decode(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return cocometa.Marshal(v)
}

// fileName is an image's file_name, which must be a local relative path.
func fileName(img map[string]any) (string, error) {
	name, ok := img["file_name"].(string)
	if !ok {
		return "", fmt.Errorf("image %v: file_name is not a string", img["id"])
	}
	if !filepath.IsLocal(filepath.FromSlash(name)) {
		return "", fmt.Errorf("image file_name %q is not a local relative path", name)
	}
	return name, nil
}

func pad(n, w int) string { return cocometa.Pad(big.NewInt(int64(n)), w) }
