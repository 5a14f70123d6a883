package cocometa

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math/big"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/pyrand"
)

// Category is one category_id's samples in file order: positions k into
// the annotations and images lists.
type Category struct {
	ID    *big.Int
	Items []int
}

// Group walks zip(annotations, images) (stopping at the shorter list, as
// Python's zip does), asserts annotation[annID] == image[imgID] at each
// position (Python ==), and groups the positions by the annotation's
// category_id, categories in order of first appearance. category_id must
// be a JSON integer. Mapped lists ([Elements] of a [File]) have their
// pages dropped as the walk goes ([DropEvery]).
func Group(anns, imgs []json.RawMessage, annID, imgID string) ([]Category, error) {
	return GroupList(Slice(anns), Slice(imgs), annID, imgID)
}

// GroupList is [Group] of any two raw lists.
func GroupList(anns, imgs RawList, annID, imgID string) ([]Category, error) {
	var cats []Category
	index := map[string]int{}
	for k := range min(anns.Len(), imgs.Len()) {
		DropEvery(anns, k)
		DropEvery(imgs, k)
		a, err := Object(anns.At(k), fmt.Sprintf("annotation %d", k))
		if err != nil {
			return nil, err
		}
		m, err := Object(imgs.At(k), fmt.Sprintf("image %d", k))
		if err != nil {
			return nil, err
		}
		av, ok1 := a[annID]
		mv, ok2 := m[imgID]
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("annotation %d has no %q or image %d has no %q", k, annID, k, imgID)
		}
		if !Equal(av, mv) {
			return nil, fmt.Errorf("annotation %d: %s does not equal the image's %s", k, annID, imgID)
		}
		cid, ok := a["category_id"].(*big.Int)
		if !ok {
			return nil, fmt.Errorf("annotation %d: category_id is missing or not an integer", k)
		}
		key := cid.String()
		i, seen := index[key]
		if !seen {
			i = len(cats)
			index[key] = i
			cats = append(cats, Category{ID: cid})
		}
		cats[i].Items = append(cats[i].Items, k)
	}
	return cats, nil
}

// SplitSmall is the per-category split of the herbarium-2020/2021 and
// inaturalist-2019 preparers for n samples: n == 1 → all train; 2 ≤ n ≤ 4
// → the last max(1, int(n·testSize)) to test, the rest (in order) to
// train; n ≥ 5 → train_test_split(test_size=testSize, random_state=0)
// with a fresh RandomState(0), both parts in permutation order.
func SplitSmall(n int, testSize float64) (train, test []int, err error) {
	switch {
	case n <= 0:
		return nil, nil, fmt.Errorf("empty category")
	case n == 1:
		return []int{0}, nil, nil
	case n <= 4:
		k := max(1, int(float64(n)*testSize))
		train, test = make([]int, 0, n-k), make([]int, 0, k)
		for i := range n {
			if i < n-k {
				train = append(train, i)
			} else {
				test = append(test, i)
			}
		}
		return train, test, nil
	}
	return pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Fraction(testSize), RandomState: 0})
}

// CountJPG is len(glob("<dir>/**/*.jpg", recursive=True)): regular files
// and links whose names end in ".jpg", at any depth, names starting with
// "." (and everything below such folders) skipped as glob does.
func CountJPG(dir string) (int, error) {
	n := 0
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != dir && strings.HasPrefix(e.Name(), ".") {
			if e.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if p != dir && strings.HasSuffix(e.Name(), ".jpg") {
			n++
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("counting .jpg files under %s: %w", dir, err)
	}
	return n, nil
}
