package tensorflow_speech_recognition_challenge

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// clip is one WAV file of raw/train/audio/.
type clip struct {
	path  string // absolute
	label string // the parent folder's name
	name  string // the file name
}

// Prepare extracts raw/train.7z, splits its clips and writes the public
// train/test folders, the answers and the sample submission.
func Prepare(ctx context.Context, d competition.Dirs) error {
	src := filepath.Join(d.Raw, "train.7z")
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("raw data: %w", err)
	}
	if err := archive.Extract(ctx, src, d.Raw, archive.Options{}); err != nil {
		return fmt.Errorf("extracting %s: %w", src, err)
	}
	clips, err := listClips(filepath.Join(d.Raw, "train", "audio"))
	if err != nil {
		return err
	}
	key := func(c clip) string { return c.label + "_" + c.name }
	slices.SortStableFunc(clips, func(a, b clip) int { return strings.Compare(key(a), key(b)) })

	trainIdx, testIdx, err := pyrand.TrainTestSplit(len(clips), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting %d clips: %w", len(clips), err)
	}

	trainAudio := filepath.Join(d.Public, "train", "audio")
	testAudio := filepath.Join(d.Public, "test", "audio")
	var jobs []copyJob
	seen := map[string]bool{}
	for _, i := range trainIdx {
		c := clips[i]
		if !seen[c.label] {
			seen[c.label] = true
			if err := os.MkdirAll(filepath.Join(trainAudio, c.label), 0o755); err != nil {
				return err
			}
		}
		jobs = append(jobs, copyJob{c.path, filepath.Join(trainAudio, c.label, c.name)})
	}
	if err := os.MkdirAll(testAudio, 0o755); err != nil {
		return err
	}
	fnames := make([]string, len(testIdx))
	labels := make([]string, len(testIdx))
	for k, i := range testIdx {
		fnames[k] = fmt.Sprintf("clip_%08d.wav", k)
		labels[k] = clips[i].label
		jobs = append(jobs, copyJob{clips[i].path, filepath.Join(testAudio, fnames[k])})
	}
	if err := copyAll(ctx, jobs); err != nil {
		return err
	}

	answers := table.MustNew(table.Strings("fname", fnames), table.Strings("label", labels))
	silence := make([]string, len(fnames))
	for i := range silence {
		silence[i] = "silence"
	}
	sample := table.MustNew(table.Strings("fname", fnames), table.Strings("label", silence))
	if err := table.WriteFile(filepath.Join(d.Private, "test.csv"), answers, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing private/test.csv: %w", err)
	}
	if err := table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing public/sample_submission.csv: %w", err)
	}
	wavs, err := filepath.Glob(filepath.Join(testAudio, "*.wav"))
	if err != nil {
		return err
	}
	if len(wavs) != sample.Len() {
		return fmt.Errorf("public/test/audio holds %d .wav files but the sample submission has %d rows (the original asserts they are equal)", len(wavs), sample.Len())
	}
	return nil
}

// listClips returns every file under root whose name ends in ".wav", at any
// depth, in lexical walk order, labelled by its parent folder.
func listClips(root string) ([]clip, error) {
	var out []clip
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".wav") {
			return nil
		}
		if !e.Type().IsRegular() {
			st, err := os.Stat(path)
			if err != nil || st.IsDir() {
				return err
			}
		}
		out = append(out, clip{path: path, label: filepath.Base(filepath.Dir(path)), name: e.Name()})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing the clips: %w", err)
	}
	return out, nil
}

type copyJob struct{ src, dst string }

// copyAll copies the files on up to GOMAXPROCS goroutines (at most 4); the
// first error stops the rest.
func copyAll(ctx context.Context, jobs []copyJob) error {
	workers := min(runtime.GOMAXPROCS(0), 4)
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	next := make(chan copyJob)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				if err := copyFile(j.src, j.dst); err != nil {
					cancel(err)
				}
			}
		}()
	}
	for _, j := range jobs {
		if ctx.Err() != nil {
			break
		}
		select {
		case next <- j:
		case <-ctx.Done():
		}
	}
	close(next)
	wg.Wait()
	return context.Cause(ctx)
}

func copyFile(src, dst string) (err error) {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	defer func() {
		if cerr := out.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("copying %s: %w", src, cerr)
		}
	}()
	if _, err := io.Copy(out, in); err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	return nil
}
