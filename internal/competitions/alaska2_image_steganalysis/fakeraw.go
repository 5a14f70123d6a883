package alaska2_image_steganalysis

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// defaultCovers is the smallest useful cover count: 5000 go to test (a
// literal of the original), the rest to train.
const defaultCovers = testSize + 40

// FakeRaw writes raw/{Cover,JMiPOD,JUNIWARD,UERD}/<n:05d>.jpg (opt.Rows
// covers, at least 5001; default 5040), each a distinct tiny JPEG, plus
// files prepare must ignore: a hidden ".00000.jpg" and an upper-case
// "99999.JPG" and a "readme.txt" in Cover, an extra stego file without a
// cover, raw/Test/ and raw/sample_submission.csv.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, defaultCovers)
	if n <= testSize {
		return fmt.Errorf("alaska2 fake raw: %d covers, need more than %d", n, testSize)
	}
	r := synth.Rand(opt.Seed, "alaska2-image-steganalysis")
	var files []file
	add := func(rel string) error {
		b, err := synth.JPEG(synth.RGB(r, 4, 4))
		files = append(files, file{filepath.Join(dir, filepath.FromSlash(rel)), b})
		return err
	}
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf("%05d.jpg", i)
		for _, sub := range append([]string{"Cover"}, stegoAlgs...) {
			if err := add(sub + "/" + name); err != nil {
				return err
			}
		}
	}
	for _, rel := range []string{"Cover/.00000.jpg", "Cover/99999.JPG", "UERD/99998.jpg", "Test/0001.jpg", "Test/0002.jpg"} {
		if err := add(rel); err != nil {
			return err
		}
	}
	files = append(files, file{filepath.Join(dir, "Cover", "readme.txt"), []byte("not an image\n")})
	for _, sub := range append([]string{"Cover", "Test"}, stegoAlgs...) {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return err
		}
	}
	if err := writeAll(files); err != nil {
		return err
	}
	sample := &synth.CSV{Header: []string{"Id", "Label"}}
	sample.Add("0001.jpg", "0")
	sample.Add("0002.jpg", "0")
	return sample.Write(filepath.Join(dir, "sample_submission.csv"))
}

type file struct {
	path string
	data []byte
}

// writeAll writes the files on GOMAXPROCS goroutines (their folders exist).
func writeAll(files []file) error {
	workers := max(1, runtime.GOMAXPROCS(0))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(files) && errs[w] == nil; i += workers {
				errs[w] = os.WriteFile(files[i].path, files[i].data, 0o644)
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}
