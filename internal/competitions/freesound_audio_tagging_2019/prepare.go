package freesound_audio_tagging_2019

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/table"
)

const (
	// MetaURL is the Zenodo file the original downloads at prepare time
	// (record 3612637): the post-competition metadata of FSDKaggle2019.
	MetaURL = "https://zenodo.org/records/3612637/files/FSDKaggle2019.meta.zip?download=1"

	metaMarker  = "FSDKaggle2019.meta"           // raw entries containing it are not published
	metaZipName = "FSDKaggle2019.meta.zip"       // the download destination in raw/
	metaDirName = "FSDKaggle2019.meta"           // the folder the zip unpacks to
	metaCSVName = "test_post_competition.csv"    // the one member read
	localMeta   = "FSDKaggle2019.meta.local.zip" // offline stand-in for the download
)

// Prepare publishes the raw files and writes the Private clips' labels as
// the answers (see the package documentation for the meta zip's source).
func Prepare(ctx context.Context, d competition.Dirs) error {
	return prepare(ctx, d, func(ctx context.Context, dest string) error {
		return fetchMeta(ctx, http.DefaultClient, MetaURL, filepath.Join(d.Raw, localMeta), dest)
	})
}

// prepare is Prepare with the download step injected (fetch writes the meta
// zip to the path it is given).
func prepare(ctx context.Context, d competition.Dirs, fetch func(ctx context.Context, dest string) error) error {
	// Step 1: copy the raw entries to public/.
	entries, err := os.ReadDir(d.Raw)
	if err != nil {
		return fmt.Errorf("listing raw: %w", err)
	}
	copied := 0
	for _, e := range entries {
		if strings.Contains(e.Name(), metaMarker) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := copyEntry(filepath.Join(d.Raw, e.Name()), filepath.Join(d.Public, e.Name())); err != nil {
			return err
		}
		copied++
	}
	pub, err := os.ReadDir(d.Public)
	if err != nil {
		return fmt.Errorf("listing public: %w", err)
	}
	if len(pub) != copied {
		return fmt.Errorf("public holds %d entries after copying %d raw entries (the original asserts they are equal: public must start empty)", len(pub), copied)
	}

	// Step 2: download and unpack the meta zip.
	zipPath := filepath.Join(d.Raw, metaZipName)
	if err := fetch(ctx, zipPath); err != nil {
		return err
	}
	if err := archive.Extract(ctx, zipPath, d.Raw, archive.Options{}); err != nil {
		return fmt.Errorf("unpacking %s: %w", zipPath, err)
	}

	// Steps 3-5: the Private rows as many-hot answers.
	metaCSV := filepath.Join(d.Raw, metaDirName, metaCSVName)
	answers, err := buildAnswers(metaCSV)
	if err != nil {
		return err
	}
	if err := table.WriteFile(filepath.Join(d.Private, "test.csv"), answers, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing private/test.csv: %w", err)
	}

	// Step 6: the asserts against the Kaggle sample submission.
	if err := checkSample(filepath.Join(d.Public, "sample_submission.csv"), answers); err != nil {
		return err
	}

	// Step 7: clean up the download.
	if err := os.Remove(zipPath); err != nil {
		return fmt.Errorf("removing the meta zip: %w", err)
	}
	if err := os.RemoveAll(filepath.Join(d.Raw, metaDirName)); err != nil {
		return fmt.Errorf("removing the unpacked meta folder: %w", err)
	}
	return nil
}

// buildAnswers reads test_post_competition.csv and returns fname plus one
// 0/1 column per class for the rows whose usage is exactly "Private", in
// file order.
func buildAnswers(path string) (*table.Table, error) {
	meta, err := table.ReadFile(path, table.ReadOptions{})
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	var cols [3]*table.Column
	for i, name := range []string{"fname", "labels", "usage"} {
		c, ok := meta.Col(name)
		if !ok {
			return nil, fmt.Errorf("%s: no column %q", path, name)
		}
		cols[i] = c
	}
	fname, labels, usage := cols[0], cols[1], cols[2]
	var keep []int
	for i := 0; i < meta.Len(); i++ {
		if usage.Kind == table.String && !usage.IsNull(i) && (usage.Mixed == nil || usage.Mixed[i] == table.String) && usage.Text[i] == "Private" {
			keep = append(keep, i)
		}
	}
	index := make(map[string]int, len(classes))
	for k, c := range classes {
		index[c] = k
	}
	hot := make([][]int64, len(classes))
	for k := range hot {
		hot[k] = make([]int64, len(keep))
	}
	for r, i := range keep {
		if labels.Kind != table.String || labels.IsNull(i) || (labels.Mixed != nil && labels.Mixed[i] != table.String) {
			// The original calls str.split on the cell: a number or NaN fails.
			return nil, fmt.Errorf("%s: row %d: labels %s is not text ('%s' object has no attribute 'split')", path, i+2, labels.Str(i), pyTypeName(labels, i))
		}
		for _, tok := range strings.Split(labels.Text[i], ",") {
			if k, ok := index[tok]; ok {
				hot[k][r] = 1
			}
		}
	}
	out := []*table.Column{fname.Take(keep).Renamed("fname")}
	for k, c := range classes {
		out = append(out, table.Ints(c, hot[k]))
	}
	return table.New(out...)
}

// pyTypeName names the Python type pandas holds for cell i of a non-text
// cell (for the error message).
func pyTypeName(c *table.Column, i int) string {
	kind := c.Kind
	if c.Mixed != nil {
		kind = c.Mixed[i]
	}
	switch {
	case c.IsNull(i) || kind == table.Float64:
		return "float"
	case kind == table.Int64:
		return "int"
	case kind == table.Bool || kind == table.BoolObject:
		return "bool"
	}
	return "str"
}

// checkSample is the original's asserts comparing the Kaggle sample
// submission with the new answers: same length, same columns (fname and the
// 80 classes), the same fnames once both are sorted.
func checkSample(path string, answers *table.Table) error {
	sample, err := table.ReadFile(path, table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	if sample.Len() != answers.Len() {
		return fmt.Errorf("%s has %d rows but %d clips are marked Private in %s (the original asserts they are equal)", path, sample.Len(), answers.Len(), metaCSVName)
	}
	names := sample.Names()
	if len(names) == 0 || !slices.Equal(names[1:], classes) || !slices.Equal(names, answers.Names()) {
		return fmt.Errorf("%s: columns %v, the original asserts fname followed by the 80 classes", path, names)
	}
	a, _ := sample.Col("fname")
	b, _ := answers.Col("fname")
	if !sameSortedValues(a, b) {
		return fmt.Errorf("%s: the fnames differ from the Private clips of %s (the original asserts they are the same once sorted)", path, metaCSVName)
	}
	return nil
}

// sameSortedValues reports whether two columns hold the same values once
// sorted, as the original's element-wise == on the sorted columns decides
// (a missing value equals nothing; values of different types differ).
func sameSortedValues(a, b *table.Column) bool {
	if a.Len() != b.Len() || a.Kind != b.Kind || a.Mixed != nil || b.Mixed != nil || a.HasNull() || b.HasNull() {
		return false
	}
	sa, sb := make([]string, a.Len()), make([]string, b.Len())
	for i := range sa {
		sa[i], sb[i] = a.Str(i), b.Str(i)
	}
	slices.Sort(sa)
	slices.Sort(sb)
	return slices.Equal(sa, sb)
}

// fetchMeta writes the meta zip to dest: a copy of local when that file
// exists, otherwise the body of an HTTP GET of url (an error status fails,
// as requests' raise_for_status does). dest is created or truncated either
// way, as the original opens it for writing before the transfer.
func fetchMeta(ctx context.Context, client *http.Client, url, local, dest string) error {
	if _, err := os.Stat(local); err == nil {
		return copyFile(local, dest)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("downloading %s: %w", url, err)
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("downloading %s (for offline preparation put the file at raw/%s): %w", url, localMeta, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		return fmt.Errorf("downloading %s: HTTP %s", url, resp.Status)
	}
	return writeFrom(dest, resp.Body)
}

// copyEntry copies a file, or a directory recursively, from src to dst.
func copyEntry(src, dst string) error {
	st, err := os.Stat(src)
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	if !st.IsDir() {
		return copyFile(src, dst)
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	for _, e := range entries {
		if err := copyEntry(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

func copyFile(src, dst string) error {
	f, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	defer f.Close()
	if err := writeFrom(dst, f); err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	return nil
}

// writeFrom creates (or truncates) path and fills it from r.
func writeFrom(path string, r io.Reader) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	if _, err := io.Copy(f, r); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
