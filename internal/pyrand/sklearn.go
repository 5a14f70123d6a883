package pyrand

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Size is a scikit-learn test_size / train_size argument: unset (the zero
// value, Python None), an absolute count (int) or a fraction (float).
type Size struct {
	kind  sizeKind
	count int
	frac  float64
}

type sizeKind uint8

const (
	sizeNone sizeKind = iota
	sizeCount
	sizeFrac
)

// Count is an int test_size/train_size (an absolute number of samples).
func Count(n int) Size { return Size{kind: sizeCount, count: n} }

// Fraction is a float test_size/train_size (a proportion of the samples).
// Note that scikit-learn treats 1.0 as a float, not as the count 1.
func Fraction(f float64) Size { return Size{kind: sizeFrac, frac: f} }

// IsSet reports whether the size was given (is not None).
func (s Size) IsSet() bool { return s.kind != sizeNone }

// String formats the size as Python would print it in an error message.
func (s Size) String() string {
	switch s.kind {
	case sizeCount:
		return strconv.Itoa(s.count)
	case sizeFrac:
		return formatFloat(s.frac)
	}
	return "None"
}

// formatFloat approximates Python's repr(float) for error messages: the
// shortest round-trip digits, with ".0" added to integral values.
func formatFloat(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".enI") {
		s += ".0"
	}
	return s
}

// ValidateShuffleSplit is scikit-learn's _validate_shuffle_split: it turns
// test/train sizes into counts for n samples. If both are unset, test
// defaults to defaultTest. A float test size gives ceil(test*n), a float
// train size floor(train*n) (float64 products); an unset side gets the
// remainder. It errors, with scikit-learn's wording, when an int size is not
// in [1, n-1], a float size is not in (0, 1), two float sizes add up to more
// than 1, the counts add up to more than n, or the train side is empty.
func ValidateShuffleSplit(n int, test, train, defaultTest Size) (nTrain, nTest int, err error) {
	nTrain, nTest, err = validateShuffleSplit(n, test, train, defaultTest)
	if err != nil {
		return 0, 0, fmt.Errorf("pyrand: %w", err)
	}
	return nTrain, nTest, nil
}

func validateShuffleSplit(n int, test, train, defaultTest Size) (nTrain, nTest int, err error) {
	if !test.IsSet() && !train.IsSet() {
		test = defaultTest
	}
	if (test.kind == sizeCount && (test.count >= n || test.count <= 0)) ||
		(test.kind == sizeFrac && (test.frac <= 0 || test.frac >= 1 || math.IsNaN(test.frac))) {
		return 0, 0, fmt.Errorf("test_size=%v should be either positive and smaller than the number of samples %d or a float in the (0, 1) range", test, n)
	}
	if (train.kind == sizeCount && (train.count >= n || train.count <= 0)) ||
		(train.kind == sizeFrac && (train.frac <= 0 || train.frac >= 1 || math.IsNaN(train.frac))) {
		return 0, 0, fmt.Errorf("train_size=%v should be either positive and smaller than the number of samples %d or a float in the (0, 1) range", train, n)
	}
	if train.kind == sizeFrac && test.kind == sizeFrac && train.frac+test.frac > 1 {
		return 0, 0, fmt.Errorf("The sum of test_size and train_size = %s, should be in the (0, 1) range. Reduce test_size and/or train_size.", formatFloat(train.frac+test.frac))
	}
	var fTest, fTrain float64
	switch test.kind {
	case sizeFrac:
		fTest = math.Ceil(test.frac * float64(n))
	case sizeCount:
		fTest = float64(test.count)
	}
	switch train.kind {
	case sizeFrac:
		fTrain = math.Floor(train.frac * float64(n))
	case sizeCount:
		fTrain = float64(train.count)
	}
	if !train.IsSet() {
		fTrain = float64(n) - fTest
	} else if !test.IsSet() {
		fTest = float64(n) - fTrain
	}
	if fTrain+fTest > float64(n) {
		return 0, 0, fmt.Errorf("The sum of train_size and test_size = %d, should be smaller than the number of samples %d. Reduce test_size and/or train_size.", int(fTrain+fTest), n)
	}
	nTrain, nTest = int(fTrain), int(fTest)
	if nTrain == 0 {
		return 0, 0, fmt.Errorf("With n_samples=%d, test_size=%v and train_size=%v, the resulting train set will be empty. Adjust any of the aforementioned parameters.", n, test, train)
	}
	return nTrain, nTest, nil
}

// SplitOptions are the keyword arguments of scikit-learn's train_test_split.
type SplitOptions struct {
	// TestSize and TrainSize are test_size and train_size; both unset means
	// test_size=0.25.
	TestSize, TrainSize Size
	// RandomState is the integer random_state (a fresh
	// numpy.random.RandomState(RandomState) is built for the split). The
	// zero value is seed 0; there is no random_state=None.
	RandomState uint32
	// NoShuffle is shuffle=False: train = 0..nTrain-1, test follows it.
	NoShuffle bool
	// Stratify, if non-nil, is the stratify= array, one label per sample.
	// Labels are ordered as np.unique orders them, i.e. ascending ints; map
	// other label types with [ClassCodes] first.
	Stratify []int
}

// TrainTestSplit is sklearn.model_selection.train_test_split(range(n), ...)
// (scikit-learn 1.2–1.5): it returns the sample indices of the train and test
// parts in the order scikit-learn yields them, so a preparer does
// tbl.Take(train), tbl.Take(test).
//
//   - Sizes: [ValidateShuffleSplit] with default test size 0.25.
//   - shuffle=False: train = [0, nTrain), test = [nTrain, nTrain+nTest).
//   - shuffle=True, no stratify (ShuffleSplit): perm =
//     RandomState(seed).permutation(n); test = perm[:nTest],
//     train = perm[nTest:nTest+nTrain].
//   - stratify: [StratifiedShuffleSplit] with the int sizes.
func TrainTestSplit(n int, opt SplitOptions) (train, test []int, err error) {
	if n < 0 {
		return nil, nil, fmt.Errorf("pyrand: train_test_split: negative number of samples %d", n)
	}
	nTrain, nTest, err := validateShuffleSplit(n, opt.TestSize, opt.TrainSize, Fraction(0.25))
	if err != nil {
		return nil, nil, fmt.Errorf("pyrand: train_test_split: %w", err)
	}
	if opt.NoShuffle {
		if opt.Stratify != nil {
			return nil, nil, errors.New("pyrand: train_test_split: Stratified train/test split is not implemented for shuffle=False")
		}
		train = make([]int, nTrain)
		for i := range train {
			train[i] = i
		}
		test = make([]int, nTest)
		for i := range test {
			test[i] = nTrain + i
		}
		return train, test, nil
	}
	if opt.Stratify != nil {
		if len(opt.Stratify) != n {
			return nil, nil, fmt.Errorf("pyrand: train_test_split: found input variables with inconsistent numbers of samples: [%d, %d]", n, len(opt.Stratify))
		}
		train, test, err = stratifiedShuffleSplit(opt.Stratify, Count(nTest), Count(nTrain), NewRandomState(opt.RandomState))
		if err != nil {
			return nil, nil, fmt.Errorf("pyrand: train_test_split: %w", err)
		}
		return train, test, nil
	}
	perm := NewRandomState(opt.RandomState).Permutation(n)
	return perm[nTest : nTest+nTrain], perm[:nTest], nil
}

// ShuffleSplit is the first split of sklearn's ShuffleSplit(test_size,
// train_size, random_state=rs) over n samples (default test size 0.1, as in
// ShuffleSplit itself). Later splits of the same ShuffleSplit object continue
// the same stream, so calling ShuffleSplit again with the same rs yields
// them.
func ShuffleSplit(n int, test, train Size, rs *RandomState) (trainIdx, testIdx []int, err error) {
	nTrain, nTest, err := validateShuffleSplit(n, test, train, Fraction(0.1))
	if err != nil {
		return nil, nil, fmt.Errorf("pyrand: ShuffleSplit: %w", err)
	}
	perm := rs.Permutation(n)
	return perm[nTest : nTest+nTrain], perm[:nTest], nil
}

// StratifiedShuffleSplit is the first split of sklearn's
// StratifiedShuffleSplit(test_size, train_size, random_state=rs).split(X, y)
// for a 1-d y (default test size 0.1):
//
//  1. classes, y_idx = np.unique(y, return_inverse=True); every class needs
//     at least 2 members and nTrain, nTest must each be >= the class count;
//  2. class_indices: the sample indices of each class in ascending order;
//  3. n_i = ApproximateMode(counts, nTrain, rs), t_i =
//     ApproximateMode(counts-n_i, nTest, rs);
//  4. per class, in class order: perm = rs.permutation(count); the class's
//     indices taken in perm order, the first n_i to train, the next t_i to
//     test;
//  5. train = rs.permutation(train), test = rs.permutation(test).
//
// As with [ShuffleSplit], calling it again with the same rs yields the next
// split.
func StratifiedShuffleSplit(y []int, test, train Size, rs *RandomState) (trainIdx, testIdx []int, err error) {
	trainIdx, testIdx, err = stratifiedShuffleSplit(y, test, train, rs)
	if err != nil {
		return nil, nil, fmt.Errorf("pyrand: StratifiedShuffleSplit: %w", err)
	}
	return trainIdx, testIdx, nil
}

func stratifiedShuffleSplit(y []int, test, train Size, rs *RandomState) (trainIdx, testIdx []int, err error) {
	n := len(y)
	nTrain, nTest, err := validateShuffleSplit(n, test, train, Fraction(0.1))
	if err != nil {
		return nil, nil, err
	}
	codes, classes := ClassCodes(y)
	counts := make([]int, len(classes))
	for _, c := range codes {
		counts[c]++
	}
	if slices.Min(counts) < 2 {
		return nil, nil, errors.New("The least populated class in y has only 1 member, which is too few. The minimum number of groups for any class cannot be less than 2.")
	}
	if nTrain < len(classes) {
		return nil, nil, fmt.Errorf("The train_size = %d should be greater or equal to the number of classes = %d", nTrain, len(classes))
	}
	if nTest < len(classes) {
		return nil, nil, fmt.Errorf("The test_size = %d should be greater or equal to the number of classes = %d", nTest, len(classes))
	}
	classIdx := make([][]int, len(classes))
	for i, c := range codes {
		classIdx[c] = append(classIdx[c], i)
	}
	nI := ApproximateMode(counts, nTrain, rs)
	remaining := make([]int, len(counts))
	for i := range counts {
		remaining[i] = counts[i] - nI[i]
	}
	tI := ApproximateMode(remaining, nTest, rs)
	trainIdx = make([]int, 0, nTrain)
	testIdx = make([]int, 0, nTest)
	for c := range classes {
		perm := rs.Permutation(counts[c])
		for k, p := range perm {
			switch {
			case k < nI[c]:
				trainIdx = append(trainIdx, classIdx[c][p])
			case k < nI[c]+tI[c]:
				testIdx = append(testIdx, classIdx[c][p])
			}
		}
	}
	trainIdx = permuteCopy(rs, trainIdx)
	testIdx = permuteCopy(rs, testIdx)
	return trainIdx, testIdx, nil
}

// permuteCopy is RandomState.permutation(x) for a sequence x.
func permuteCopy(rs *RandomState, x []int) []int {
	out := append([]int(nil), x...)
	rs.shuffleInts(out)
	return out
}

// ApproximateMode is sklearn.utils._approximate_mode(class_counts, n_draws,
// rng): continuous = counts/sum(counts)*nDraws (float64, divided first),
// floored = floor(continuous); the nDraws - sum(floored) missing draws go to
// the classes with the largest remainders, remainder values taken in
// descending order; where a remainder value is shared by more classes than
// still needed, rs.Choice(len(tied), need, replace=False) picks among the
// tied classes (in ascending class order), which consumes a full
// permutation of the tied set.
func ApproximateMode(classCounts []int, nDraws int, rs *RandomState) []int {
	total := 0
	for _, c := range classCounts {
		total += c
	}
	continuous := make([]float64, len(classCounts))
	floored := make([]int, len(classCounts))
	sumFloored := 0
	for i, c := range classCounts {
		continuous[i] = float64(c) / float64(total) * float64(nDraws)
		f := math.Floor(continuous[i])
		floored[i] = int(f)
		sumFloored += floored[i]
	}
	need := nDraws - sumFloored
	if need <= 0 {
		return floored
	}
	remainder := make([]float64, len(classCounts))
	for i := range remainder {
		remainder[i] = continuous[i] - math.Floor(continuous[i])
	}
	values := slices.Clone(remainder)
	slices.Sort(values)
	values = slices.Compact(values)
	slices.Reverse(values)
	for _, v := range values {
		var inds []int
		for i, r := range remainder {
			if r == v {
				inds = append(inds, i)
			}
		}
		addNow := min(len(inds), need)
		// rng.choice(inds, size=addNow, replace=False) = inds[perm[:addNow]].
		perm := rs.Permutation(len(inds))
		for _, p := range perm[:addNow] {
			floored[inds[p]]++
		}
		need -= addNow
		if need == 0 {
			break
		}
	}
	return floored
}

// ClassCodes is np.unique(y, return_inverse=True): classes are the distinct
// labels in ascending order and codes[i] is the position of y[i] in classes.
// Floating-point NaNs sort last and are all one class (NumPy >= 1.21).
// Strings compare by code point, as NumPy's unicode arrays do.
func ClassCodes[T cmp.Ordered](y []T) (codes []int, classes []T) {
	classes = slices.Clone(y)
	slices.SortFunc(classes, compareNaNLast[T])
	classes = slices.CompactFunc(classes, func(a, b T) bool { return compareNaNLast(a, b) == 0 })
	codes = make([]int, len(y))
	for i, v := range y {
		codes[i], _ = slices.BinarySearchFunc(classes, v, compareNaNLast[T])
	}
	return codes, classes
}

// compareNaNLast orders like cmp.Compare except that NaN is greater than
// every number (NumPy's sort order).
func compareNaNLast[T cmp.Ordered](a, b T) int {
	aNaN, bNaN := a != a, b != b
	switch {
	case aNaN && bNaN:
		return 0
	case aNaN:
		return 1
	case bNaN:
		return -1
	}
	return cmp.Compare(a, b)
}
