package pyrand_test

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/pyrand"
)

// train_test_split(rows, test_size=0.1, random_state=0): the returned
// positions are what a preparer passes to Table.Take, in scikit-learn's order.
func ExampleTrainTestSplit() {
	train, test, err := pyrand.TrainTestSplit(10, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("train", train)
	fmt.Println("test", test)
	// Output:
	// train [8 4 9 1 6 7 3 0 5]
	// test [2]
}

// An integer test_size equal to the number of rows is rejected with
// scikit-learn's own message.
func ExampleTrainTestSplit_error() {
	_, _, err := pyrand.TrainTestSplit(5000, pyrand.SplitOptions{TestSize: pyrand.Count(5000), RandomState: 42})
	fmt.Println(err)
	// Output:
	// pyrand: train_test_split: test_size=5000 should be either positive and smaller than the number of samples 5000 or a float in the (0, 1) range
}

func ExampleRandomState_Permutation() {
	fmt.Println(pyrand.NewRandomState(0).Permutation(10))
	// Output: [2 8 4 9 1 6 7 3 0 5]
}

// billion-word-imputation draws one uniform() per line from a single
// RandomState(0), then randint(1, n-1) for test lines.
func ExampleRandomState_Randint() {
	rs := pyrand.NewRandomState(0)
	u, _ := rs.Uniform(0, 1)
	i, _ := rs.Randint(1, 6)
	fmt.Println(u, i)
	// Output: 0.5488135039273248 1
}

// random.seed(0); random.shuffle(x): Python's own Mersenne Twister seeding,
// which differs from NumPy's.
func ExampleShuffleSlice() {
	x := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}
	pyrand.ShuffleSlice(pyrand.NewRandom(0), x)
	fmt.Println(x)
	// Output: [h i b f d e c a j g]
}

// pandas df.sample(n=2, random_state=0) on a 5-row frame.
func ExampleSampleN() {
	pos, _ := pyrand.SampleN(5, 2, false, 0)
	fmt.Println(pos)
	// Output: [2 0]
}

// numpy.random.default_rng(0).uniform(1, 100, 3).
func ExampleGenerator_UniformN() {
	v, _ := pyrand.NewGenerator(0).UniformN(1, 100, 3)
	fmt.Println(v)
	// Output: [64.05920704482398 27.70888466262316 5.056378869683274]
}
