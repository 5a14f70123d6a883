package inaturalist_2019_fgvc6

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/big"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/cocometa"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// testSize is the per-category test fraction.
const testSize = 0.12

// testKeys is the asserted key set of the public test metadata.
var testKeys = []string{"images", "info", "licenses"}

// tarTime is the modification time of every member of the output tars.
var tarTime = time.Unix(0, 0).UTC()

// Prepare writes public/{train2019,val2019,test2019}.json,
// public/kaggle_sample_submission.csv, public/train_val2019.tar.gz,
// public/test2019.tar.gz and private/answers.csv.
//
// Memory: the raw metadata is mapped and held once (its records are
// sub-slices of the mapping); the split is decided as record positions and
// each output record is encoded just before it is written.
func Prepare(ctx context.Context, d competition.Dirs) error {
	f, err := cocometa.Open(filepath.Join(d.Raw, "train2019.json"))
	if err != nil {
		return fmt.Errorf("reading raw metadata: %w", err)
	}
	defer f.Close()
	top := f.Members
	for _, k := range []string{"annotations", "images"} {
		if _, ok := top[k]; !ok {
			return fmt.Errorf("raw train2019.json has no %q key", k)
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
		return fmt.Errorf("raw train2019.json: %w", err)
	}

	// copies maps a raw image (file_name) to where it goes, relative to
	// public/.
	copies := map[string]string{}
	var train, test []int // positions into anns/imgs, in output order
	var testCat []*big.Int
	for ci := range cats {
		c := &cats[ci]
		if err := ctx.Err(); err != nil {
			return err
		}
		tr, te, err := cocometa.SplitSmall(len(c.Items), testSize)
		if err != nil {
			return fmt.Errorf("splitting category %s: %w", c.ID, err)
		}
		for _, i := range tr {
			k := c.Items[i]
			// anns.At(k) decodes: GroupList decoded it already.
			_, name, err := image(imgs.At(k))
			if err != nil {
				return err
			}
			train = append(train, k)
			if _, dup := copies[name]; dup {
				return fmt.Errorf("image file_name %q appears twice", name)
			}
			copies[name] = name
		}
		for _, i := range te {
			test = append(test, c.Items[i])
			testCat = append(testCat, c.ID)
		}
		c.Items = nil
	}
	trainTop := make(map[string]any, len(top))
	for k, v := range top {
		trainTop[k] = v
	}
	trainTop["annotations"] = cocometa.LazyRecords{N: len(train), Encode: func(j int) ([]byte, error) {
		return reencode(anns.At(train[j]), "annotation")
	}}
	trainTop["images"] = cocometa.LazyRecords{N: len(train), Encode: func(j int) ([]byte, error) {
		img, _, err := image(imgs.At(train[j]))
		if err != nil {
			return nil, err
		}
		return cocometa.Marshal(img)
	}}
	if err := cocometa.WriteObject(filepath.Join(d.Public, "train2019.json"), trainTop); err != nil {
		return err
	}
	nTrain := len(train)
	train = nil
	if err := filecopy.Run(ctx, []filecopy.Job{{Src: filepath.Join(d.Raw, "val2019.json"), Dst: filepath.Join(d.Public, "val2019.json")}}); err != nil {
		return err
	}

	// Test: shuffled; images flattened to test2019/<basename>.
	pyrand.NewRandom(0).Shuffle(len(test), func(i, j int) {
		test[i], test[j] = test[j], test[i]
		testCat[i], testCat[j] = testCat[j], testCat[i]
	})
	var answers, sample bytes.Buffer
	answers.WriteString("id,predicted\n")
	sample.WriteString("id,predicted\n")
	for idx, k := range test {
		// anns.At(k) decodes: GroupList decoded it already.
		img, name, err := image(imgs.At(k))
		if err != nil {
			return err
		}
		id, err := csvField(img["id"])
		if err != nil {
			return fmt.Errorf("test image %d: %w", idx, err)
		}
		if _, dup := copies[name]; dup {
			return fmt.Errorf("image file_name %q appears twice", name)
		}
		copies[name] = "test2019/" + path.Base(name)
		guess, err := pyrand.NewRandom(42).Randint(0, 1009)
		if err != nil {
			return err
		}
		fmt.Fprintf(&answers, "%s,%s\n", id, testCat[idx])
		fmt.Fprintf(&sample, "%s,%d\n", id, guess)
	}
	testCat = nil
	testTop := map[string]any{}
	for k, v := range top {
		testTop[k] = v
	}
	if _, ok := testTop["categories"]; !ok {
		return errors.New(`raw train2019.json has no "categories" key (deleted from the test metadata)`)
	}
	delete(testTop, "categories")
	delete(testTop, "annotations")
	testTop["images"] = cocometa.LazyRecords{N: len(test), Encode: func(idx int) ([]byte, error) {
		img, name, err := image(imgs.At(test[idx]))
		if err != nil {
			return nil, err
		}
		img["file_name"] = "test2019/" + path.Base(name)
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
	if err := cocometa.WriteObject(filepath.Join(d.Public, "test2019.json"), testTop); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(d.Private, "answers.csv"), answers.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing answers.csv: %w", err)
	}
	if err := os.WriteFile(filepath.Join(d.Public, "kaggle_sample_submission.csv"), sample.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing kaggle_sample_submission.csv: %w", err)
	}

	// Images: copied into public/train_val2019/ and public/test2019/,
	// counted, packed, removed.
	if err := copyImages(ctx, d, copies); err != nil {
		return err
	}
	for _, c := range []struct {
		dir  string
		want int
	}{{"train_val2019", nTrain}, {"test2019", len(test)}} {
		n, err := cocometa.CountJPG(filepath.Join(d.Public, c.dir))
		if err != nil {
			return err
		}
		if n != c.want {
			return fmt.Errorf("public/%s holds %d .jpg files, want %d", c.dir, n, c.want)
		}
	}
	if nTrain+len(test) != anns.Len() {
		return fmt.Errorf("train + test annotations = %d, want %d", nTrain+len(test), anns.Len())
	}
	for _, dir := range []string{"test2019", "train_val2019"} {
		src := filepath.Join(d.Public, dir)
		if err := writeTar(ctx, src, src+".tar.gz"); err != nil {
			return err
		}
		if err := os.RemoveAll(src); err != nil {
			return err
		}
	}
	return nil
}

// copyImages copies every raw image (key, a file_name relative to raw/)
// to public/<value>: from raw/train_val2019/ when that folder exists, else
// straight out of raw/train_val2019.tar.gz.
func copyImages(ctx context.Context, d competition.Dirs, copies map[string]string) error {
	dirs := map[string]bool{}
	for _, dst := range copies {
		dirs[path.Dir(dst)] = true
	}
	for dir := range dirs {
		if err := os.MkdirAll(filepath.Join(d.Public, filepath.FromSlash(dir)), 0o755); err != nil {
			return err
		}
	}
	if fi, err := os.Stat(filepath.Join(d.Raw, "train_val2019")); err == nil && fi.IsDir() {
		jobs := make([]filecopy.Job, 0, len(copies))
		for src, dst := range copies {
			jobs = append(jobs, filecopy.Job{Src: filepath.Join(d.Raw, filepath.FromSlash(src)), Dst: filepath.Join(d.Public, filepath.FromSlash(dst))})
		}
		slices.SortFunc(jobs, func(a, b filecopy.Job) int { return strings.Compare(a.Dst, b.Dst) })
		return filecopy.Run(ctx, jobs)
	}
	archive := filepath.Join(d.Raw, "train_val2019.tar.gz")
	f, err := os.Open(archive)
	if err != nil {
		return fmt.Errorf("raw images: neither raw/train_val2019/ nor %w", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(bufio.NewReaderSize(f, 1<<20))
	if err != nil {
		return fmt.Errorf("reading %s: %w", archive, err)
	}
	tr := tar.NewReader(zr)
	found := map[string]bool{}
	for n := 0; ; n++ {
		if n%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("reading %s: %w", archive, err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		name := path.Clean(strings.TrimLeft(h.Name, "/"))
		dst, ok := copies[name]
		if !ok {
			continue
		}
		if err := writeFrom(filepath.Join(d.Public, filepath.FromSlash(dst)), tr); err != nil {
			return fmt.Errorf("extracting %s from %s: %w", name, archive, err)
		}
		found[name] = true
	}
	for src := range copies {
		if !found[src] {
			return fmt.Errorf("raw image %s: not in %s (%w)", src, archive, fs.ErrNotExist)
		}
	}
	return nil
}

func writeFrom(dst string, r io.Reader) (err error) {
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}()
	_, err = io.Copy(out, r)
	return err
}

// writeTar packs the regular files under dir into the uncompressed tar
// archive, members named relative to dir, no directory entries, in the
// order of a walk that lists a folder's files before its sub-folders
// (rglob's order, with names sorted).
func writeTar(ctx context.Context, dir, archive string) (err error) {
	var files []string
	var walk func(rel string) error
	walk = func(rel string) error {
		entries, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			return err
		}
		var subs []string
		for _, e := range entries {
			p := path.Join(rel, e.Name())
			switch {
			case e.IsDir():
				subs = append(subs, p)
			case e.Type().IsRegular():
				files = append(files, p)
			}
		}
		for _, s := range subs {
			if err := walk(s); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk("."); err != nil {
		return fmt.Errorf("listing %s: %w", dir, err)
	}
	out, err := os.Create(archive)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}()
	bw := bufio.NewWriterSize(out, 1<<20)
	tw := tar.NewWriter(bw)
	for i, rel := range files {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if err := addFile(tw, filepath.Join(dir, filepath.FromSlash(rel)), rel); err != nil {
			return fmt.Errorf("writing %s: %w", archive, err)
		}
	}
	if err := tw.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", archive, err)
	}
	return bw.Flush()
}

func addFile(tw *tar.Writer, src, name string) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	h := &tar.Header{Typeflag: tar.TypeReg, Name: name, Size: fi.Size(), Mode: 0o644, ModTime: tarTime, Format: tar.FormatPAX}
	if err := tw.WriteHeader(h); err != nil {
		return err
	}
	_, err = io.Copy(tw, f)
	return err
}

// reencode is a record decoded and encoded again as json.dump writes it.
func reencode(raw json.RawMessage, what string) ([]byte, error) {
	v, err := cocometa.Decode(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return cocometa.Marshal(v)
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
		return nil, "", fmt.Errorf("image %v: file_name is not a string", img["id"])
	}
	if !filepath.IsLocal(filepath.FromSlash(name)) {
		return nil, "", fmt.Errorf("image file_name %q is not a local relative path", name)
	}
	return img, path.Clean(name), nil
}

// csvField is an image id as pandas' to_csv writes it: an int in decimal,
// a str quoted when it holds a separator, quote or line break.
func csvField(v any) (string, error) {
	switch x := v.(type) {
	case *big.Int:
		return x.String(), nil
	case string:
		if strings.ContainsAny(x, ",\"\r\n") {
			return `"` + strings.ReplaceAll(x, `"`, `""`) + `"`, nil
		}
		return x, nil
	}
	return "", fmt.Errorf("image id %v is neither an integer nor a string", v)
}
