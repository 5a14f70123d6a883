package pyrand

import (
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// Every test vector quoted in shared/spec/competitions/*.md that concerns
// randomness. Each case names the spec file and a quote from it; when the
// shared spec tree is present (../../../shared from this package) the test
// also checks that the quote is still in the file, so the table cannot drift
// from the spec silently.

type specVector struct {
	spec  string   // file under shared/spec/competitions
	quote []string // the spec must contain one of these
	check func(t *testing.T)
}

func specDir() string { return filepath.Join("..", "..", "..", "shared", "spec", "competitions") }

// Files quoting RandomState(0)'s first outputs / permutation(10) (found with
// grep over the spec tree).
var (
	specsSeed0Outputs = []string{
		"AI4Code", "alaska2-image-steganalysis", "cdiscount-image-classification-challenge",
		"dog-breed-identification", "google-research-identify-contrails-reduce-global-warming",
		"histopathologic-cancer-detection", "imet-2020-fgvc7", "lmsys-chatbot-arena",
		"new-york-city-taxi-fare-prediction", "petfinder-pawpularity-score",
		"predict-volcanic-eruptions-ingv-oe", "rsna-miccai-brain-tumor-radiogenomic-classification",
		"spaceship-titanic", "tabular-playground-series-may-2022", "tgs-salt-identification-challenge",
		"ventilator-pressure-prediction",
	}
	specsPerm10 = []string{
		"AI4Code", "aptos2019-blindness-detection", "bms-molecular-translation",
		"cdiscount-image-classification-challenge", "chaii-hindi-and-tamil-question-answering",
		"denoising-dirty-documents", "dog-breed-identification", "dogs-vs-cats-redux-kernels-edition",
		"google-research-identify-contrails-reduce-global-warming", "herbarium-2021-fgvc8",
		"histopathologic-cancer-detection", "hms-harmful-brain-activity-classification", "imet-2020-fgvc7",
		"inaturalist-2019-fgvc6", "leaf-classification", "lmsys-chatbot-arena", "ml2021spring-hw2",
		"movie-review-sentiment-analysis-kernels-only", "new-york-city-taxi-fare-prediction",
		"nfl-player-contact-detection", "osic-pulmonary-fibrosis-progression", "petfinder-pawpularity-score",
		"plant-pathology-2020-fgvc7", "plant-seedlings-classification", "predict-volcanic-eruptions-ingv-oe",
		"random-acts-of-pizza", "rsna-miccai-brain-tumor-radiogenomic-classification",
		"seti-breakthrough-listen", "spaceship-titanic", "spooky-author-identification",
		"statoil-iceberg-classifier-challenge", "tabular-playground-series-may-2022",
		"tensorflow-speech-recognition-challenge", "text-normalization-challenge-english-language",
		"tgs-salt-identification-challenge", "us-patent-phrase-to-phrase-matching",
		"ventilator-pressure-prediction", "whale-categorization-playground",
	}
	specsTTS10 = []string{
		"aptos2019-blindness-detection", "chaii-hindi-and-tamil-question-answering",
		"dogs-vs-cats-redux-kernels-edition", "hms-harmful-brain-activity-classification",
		"inaturalist-2019-fgvc6",
	}
)

func wantInts(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

func rawRS(seed uint32, n int) []uint32 {
	rs := NewRandomState(seed)
	out := make([]uint32, n)
	for i := range out {
		out[i] = rs.Uint32()
	}
	return out
}

// splitVector checks train_test_split(range(n), ...) against the heads (and
// tail) of the test and train position lists quoted in a spec.
func splitVector(n int, testSize, trainSize Size, seed uint32, nTest int, testHead, trainHead, trainTail []int) func(t *testing.T) {
	return func(t *testing.T) {
		if n > 10_000_000 && testing.Short() {
			t.Skipf("permutation of %d skipped in -short mode", n)
		}
		train, test, err := TrainTestSplit(n, SplitOptions{TestSize: testSize, TrainSize: trainSize, RandomState: seed})
		if err != nil {
			t.Fatal(err)
		}
		if len(test) != nTest || len(train) != n-nTest {
			t.Fatalf("sizes train=%d test=%d, want %d and %d", len(train), len(test), n-nTest, nTest)
		}
		wantInts(t, "test head", test[:len(testHead)], testHead)
		wantInts(t, "train head", train[:len(trainHead)], trainHead)
		if trainTail != nil {
			wantInts(t, "train tail", train[len(train)-len(trainTail):], trainTail)
		}
	}
}

// countVector checks the (n_train, n_test) that _validate_shuffle_split
// derives, including the float64 ceil/floor effects the specs warn about.
func countVector(n int, testSize, trainSize Size, nTrain, nTest int) func(t *testing.T) {
	return func(t *testing.T) {
		gotTrain, gotTest, err := ValidateShuffleSplit(n, testSize, trainSize, Fraction(0.25))
		if err != nil {
			t.Fatal(err)
		}
		if gotTrain != nTrain || gotTest != nTest {
			t.Errorf("n=%d test=%v train=%v: got (train %d, test %d), want (%d, %d)", n, testSize, trainSize, gotTrain, gotTest, nTrain, nTest)
		}
	}
}

func specVectors() []specVector {
	var vs []specVector
	for _, s := range specsSeed0Outputs {
		vs = append(vs, specVector{s, []string{"2357136044, 2546248239, 3071714933"}, func(t *testing.T) {
			wantInts(t, "RandomState(0) raw", rawRS(0, 3), []uint32{2357136044, 2546248239, 3071714933})
		}})
	}
	for _, s := range specsPerm10 {
		vs = append(vs, specVector{s, []string{"[2 8 4 9 1 6 7 3 0 5]", "[2, 8, 4, 9, 1, 6, 7, 3, 0, 5]"}, func(t *testing.T) {
			wantInts(t, "RandomState(0).permutation(10)", NewRandomState(0).Permutation(10), []int{2, 8, 4, 9, 1, 6, 7, 3, 0, 5})
		}})
	}
	for _, s := range specsTTS10 {
		vs = append(vs, specVector{s, []string{"gives test [2], train [8, 4, 9, 1, 6, 7, 3, 0, 5]"}, func(t *testing.T) {
			train, test, err := TrainTestSplit(10, SplitOptions{TestSize: Fraction(0.1)})
			if err != nil {
				t.Fatal(err)
			}
			wantInts(t, "test", test, []int{2})
			wantInts(t, "train", train, []int{8, 4, 9, 1, 6, 7, 3, 0, 5})
		}})
	}
	perm15 := []int{1, 6, 8, 9, 14, 4, 2, 13, 10, 7, 11, 3, 0, 5, 12}
	vs = append(vs,
		specVector{"alaska2-image-steganalysis", []string{"1608637542, 3421126067, 4083286876"}, func(t *testing.T) {
			wantInts(t, "RandomState(42) raw", rawRS(42, 3), []uint32{1608637542, 3421126067, 4083286876})
		}},
		specVector{"alaska2-image-steganalysis", []string{"[8 1 5 0 7 2 9 4 3 6]"}, func(t *testing.T) {
			wantInts(t, "RandomState(42).permutation(10)", NewRandomState(42).Permutation(10), []int{8, 1, 5, 0, 7, 2, 9, 4, 3, 6})
		}},
		specVector{"iwildcam-2019-fgvc6", []string{"[8, 6, 9, 0, 2, 5, 7, 1, 4, 3]"}, func(t *testing.T) {
			wantInts(t, "RandomState(8).permutation(10)", NewRandomState(8).Permutation(10), []int{8, 6, 9, 0, 2, 5, 7, 1, 4, 3})
		}},
		specVector{"AI4Code", []string{"[1, 6, 8, 9, 14, 4, 2, 13, 10, 7, 11, 3, 0, 5, 12]"}, func(t *testing.T) {
			wantInts(t, "RandomState(0).permutation(15)", NewRandomState(0).Permutation(15), perm15)
		}},
		specVector{"hubmap-kidney-segmentation", []string{"[1, 6, 8, 9, 14, 4, 2, 13, 10, 7, 11, 3, 0, 5, 12]"}, func(t *testing.T) {
			train, test, err := TrainTestSplit(15, SplitOptions{TrainSize: Count(12), TestSize: Count(3)})
			if err != nil {
				t.Fatal(err)
			}
			wantInts(t, "test", test, perm15[:3])
			wantInts(t, "train", train, perm15[3:])
		}},
		specVector{"cassava-leaf-disease-classification", []string{"[1, 6, 8, 9, 13, 4, 2, 14, 10, 7, 15, 11, 3, 0, 5, 12]"}, func(t *testing.T) {
			perm := []int{1, 6, 8, 9, 13, 4, 2, 14, 10, 7, 15, 11, 3, 0, 5, 12}
			wantInts(t, "RandomState(0).permutation(16)", NewRandomState(0).Permutation(16), perm)
			train, test, err := TrainTestSplit(16, SplitOptions{TestSize: Fraction(0.1)})
			if err != nil {
				t.Fatal(err)
			}
			wantInts(t, "test", test, perm[:2])
			wantInts(t, "train", train, perm[2:])
		}},
		specVector{"herbarium-2021-fgvc8", []string{"n=5 -> [2, 0, 1, 3, 4]"}, func(t *testing.T) {
			wantInts(t, "RandomState(0).permutation(5)", NewRandomState(0).Permutation(5), []int{2, 0, 1, 3, 4})
			_, test, err := TrainTestSplit(5, SplitOptions{TestSize: Fraction(0.2)})
			if err != nil {
				t.Fatal(err)
			}
			wantInts(t, "test of 5", test, []int{2})
		}},
		specVector{"whale-categorization-playground", []string{"k = 2 -> [1, 0]; k = 3 -> [2, 1, 0]; k = 5 -> [2, 0, 1, 3, 4]"}, func(t *testing.T) {
			for k, want := range map[int][]int{2: {1, 0}, 3: {2, 1, 0}, 5: {2, 0, 1, 3, 4}, 10: {2, 8, 4, 9, 1, 6, 7, 3, 0, 5}} {
				wantInts(t, "RandomState(0).permutation", NewRandomState(0).Permutation(k), want)
				// rows.sample(2, random_state=0): perm[0] -> train, perm[1] -> test.
				got, err := SampleN(k, 2, false, 0)
				if err != nil {
					t.Fatal(err)
				}
				wantInts(t, "sample(2)", got, want[:2])
			}
		}},
		// Split heads/tails quoted in the specs.
		specVector{"alaska2-image-steganalysis", []string{"[26837, 2592, 18359, 73292, 60127, 71737, 26473, 1040]"},
			splitVector(75000, Count(5000), Size{}, 42, 5000,
				[]int{26837, 2592, 18359, 73292, 60127, 71737, 26473, 1040},
				[]int{10566, 35973, 59944, 58875, 34730, 26776, 20691, 2386}, []int{54886, 860, 15795})},
		specVector{"cdiscount-image-classification-challenge", []string{"[2721951, 2921174, 193253, 3959883, 826746, 5681812, 541170, 6913603]"},
			splitVector(7069896, Fraction(0.1), Size{}, 0, 706990,
				[]int{2721951, 2921174, 193253, 3959883, 826746, 5681812, 541170, 6913603},
				[]int{3980587, 242203, 3638451, 6544167}, nil)},
		specVector{"dog-breed-identification", []string{"[6313, 9669, 39, 6896, 6579, 6332, 2940, 8668]"},
			splitVector(10222, Fraction(0.1), Size{}, 0, 1023,
				[]int{6313, 9669, 39, 6896, 6579, 6332, 2940, 8668},
				[]int{5233, 9019, 2630, 7275, 1791, 9729, 9698, 33}, []int{3264, 9845, 2732})},
		specVector{"google-research-identify-contrails-reduce-global-warming", []string{"[4160, 6196, 5759, 13074, 18143, 14826, 17954, 2310]"},
			splitVector(20529, Count(1856), Size{}, 0, 1856,
				[]int{4160, 6196, 5759, 13074, 18143, 14826, 17954, 2310},
				[]int{15805, 17387, 7749, 14773}, nil)},
		specVector{"histopathologic-cancer-detection", []string{"[155115, 145742, 105400, 61543, 32978, 163967, 3653, 57045]"},
			splitVector(220025, Fraction(57458.0/277483.0), Size{}, 0, 45561,
				[]int{155115, 145742, 105400, 61543, 32978, 163967, 3653, 57045},
				[]int{159350, 192448, 215114, 99061}, nil)},
		specVector{"imet-2020-fgvc7", []string{"[29255, 84852, 35344, 35450, 110980, 49310, 131760, 13354]"},
			splitVector(142119, Fraction(0.15), Size{}, 0, 21318,
				[]int{29255, 84852, 35344, 35450, 110980, 49310, 131760, 13354},
				[]int{42781, 65350, 113341, 10556, 121068, 7197, 111200, 89322}, []int{95939, 117952, 43567})},
		specVector{"lmsys-chatbot-arena", []string{"[44230, 34422, 24105, 34524, 28412, 28521, 16704, 24559]"},
			splitVector(57477, Fraction(0.1), Size{}, 0, 5748,
				[]int{44230, 34422, 24105, 34524, 28412, 28521, 16704, 24559},
				[]int{32882, 24286, 33039, 39113, 48743, 5340, 11139, 20717}, []int{42613, 43567, 2732})},
		specVector{"new-york-city-taxi-fare-prediction", []string{"[27853670, 21980810, 42678605, 27677771, 35769990, 11836403, 54872674, 38071881]"},
			splitVector(55423856, Count(9914), Size{}, 0, 9914,
				[]int{27853670, 21980810, 42678605, 27677771, 35769990, 11836403, 54872674, 38071881},
				[]int{11475745, 889321, 23269145, 4408500}, []int{2215104, 51816053, 8325804})},
		specVector{"petfinder-pawpularity-score", []string{"[9216, 7826, 3410, 6817, 8254, 2923, 8145, 2818]"},
			splitVector(9912, Fraction(0.1), Size{}, 0, 992,
				[]int{9216, 7826, 3410, 6817, 8254, 2923, 8145, 2818},
				[]int{1035, 325, 6472, 693, 7457, 1069, 2872, 6721}, []int{3264, 9845, 2732})},
		specVector{"predict-volcanic-eruptions-ingv-oe", []string{"[1696, 582, 4137, 2805, 2350, 1830, 3974, 4148]"},
			splitVector(4431, Fraction(0.1), Size{}, 0, 444,
				[]int{1696, 582, 4137, 2805, 2350, 1830, 3974, 4148},
				[]int{3319, 1774, 2089, 1267, 2537, 2869, 634, 3970}, []int{1653, 2607, 2732})},
		specVector{"rsna-miccai-brain-tumor-radiogenomic-classification", []string{"[246, 92, 517, 186, 390, 103, 508, 14]"},
			splitVector(585, Fraction(0.1), Size{}, 0, 59,
				[]int{246, 92, 517, 186, 390, 103, 508, 14},
				[]int{445, 64, 211, 205, 316, 400, 31, 206}, []int{359, 192, 559})},
		specVector{"spaceship-titanic", []string{"[3601, 6057, 2797, 7110, 8579, 989, 5166, 4644]"},
			splitVector(8693, Fraction(0.1), Size{}, 0, 870,
				[]int{3601, 6057, 2797, 7110, 8579, 989, 5166, 4644},
				[]int{4132, 7217, 7216, 7968, 50, 5670, 5554, 8440}, []int{4859, 3264, 2732})},
		specVector{"tabular-playground-series-may-2022", []string{"[772215, 292046, 814437, 381608, 172519, 344224, 38934, 91015]"},
			splitVector(900000, Count(100000), Size{}, 0, 100000,
				[]int{772215, 292046, 814437, 381608, 172519, 344224, 38934, 91015},
				[]int{781150, 732950, 75905, 666248, 587818, 610430, 508487, 118984}, []int{117952, 435829, 305711})},
		specVector{"tgs-salt-identification-challenge", []string{"[2230, 668, 3616, 2363, 142, 538, 1791, 410]"},
			splitVector(4000, Fraction(0.25), Size{}, 0, 1000,
				[]int{2230, 668, 3616, 2363, 142, 538, 1791, 410},
				[]int{678, 2427, 3574, 1119, 2931, 2012, 3842, 23}, nil)},
		specVector{"ventilator-pressure-prediction", []string{"[26700, 42259, 10122, 33487, 41378, 74359, 1503, 68450]"},
			splitVector(75450, Fraction(0.1), Size{}, 0, 7545,
				[]int{26700, 42259, 10122, 33487, 41378, 74359, 1503, 68450},
				[]int{50986, 33138, 25950, 11455, 66086, 26217, 42865, 36874}, []int{42613, 43567, 68268})},
		specVector{"icecube-neutrinos-in-deep-ice", []string{"542, 104, 15, 527, 299, 163, 593, 475"}, func(t *testing.T) {
			// batch ids 1..660 in order: test ids = perm[:66] + 1.
			want := []int{542, 104, 15, 527, 299, 163, 593, 475, 548, 621, 76, 575, 627, 143, 160, 453, 353, 385, 86, 244, 406, 51, 141, 316, 591, 234, 416, 201, 626, 536, 578, 477, 454, 579, 420, 128, 530, 313, 402, 77, 461, 176, 211, 656, 207, 495, 589, 518, 272, 387, 302, 576, 628, 597, 447, 497, 65, 638, 429, 414, 410, 253, 53, 49, 171, 363}
			_, test, err := TrainTestSplit(660, SplitOptions{TestSize: Fraction(0.1)})
			if err != nil {
				t.Fatal(err)
			}
			ids := make([]int, len(test))
			for i, p := range test {
				ids[i] = p + 1
			}
			wantInts(t, "test batch ids", ids, want)
		}},
		// Split sizes with float64 effects.
		specVector{"plant-seedlings-classification", []string{"665.0000000000001"}, countVector(4750, Fraction(0.14), Size{}, 4750-666, 666)},
		specVector{"plant-pathology-2020-fgvc7", []string{"ceil(182.10000000000002) = 183"}, countVector(1821, Fraction(0.1), Size{}, 1638, 183)},
		specVector{"chaii-hindi-and-tamil-question-answering", []string{"n_test = ceil(111.4) = 112"}, countVector(1114, Fraction(0.1), Size{}, 1002, 112)},
		specVector{"random-acts-of-pizza", []string{"n_test = ceil(1161.918532886616) = 1,162"}, countVector(4040, Fraction(1631.0/(4040+1631)), Size{}, 2878, 1162)},
		specVector{"ml2021spring-hw2", []string{"n_test = ceil(330290.5376821903) = 330,291"}, countVector(1229932, Fraction(451552.0/(1229932+451552)), Size{}, 1229932-330291, 330291)},
		specVector{"paddy-disease-classification", []string{"7,805 for n = 10,407"}, countVector(10407, Size{}, Fraction(0.75), 7805, 2602)},
		specVector{"movie-review-sentiment-analysis-kernels-only", []string{"n_test = ceil(0.3*n) = 46,818"}, countVector(156060, Fraction(0.3), Size{}, 109242, 46818)},
		specVector{"statoil-iceberg-classifier-challenge", []string{"n = 1604, n_test = ceil(0.2*1604 = 320.8) = 321"}, countVector(1604, Fraction(0.2), Size{}, 1283, 321)},
		specVector{"denoising-dirty-documents", []string{"n = 144, n_test = ceil(0.2*144) = 29"}, countVector(144, Fraction(0.2), Size{}, 115, 29)},
		specVector{"leaf-classification", []string{"n = 990, n_test = ceil(0.1*990) = 99"}, countVector(990, Fraction(0.1), Size{}, 891, 99)},
		specVector{"us-patent-phrase-to-phrase-matching", []string{"n = 36,473, n_test = ceil(0.1*n = 3647.3) = 3,648"}, countVector(36473, Fraction(0.1), Size{}, 32825, 3648)},
		specVector{"iwildcam-2019-fgvc6", []string{"14 for L = 138"}, countVector(138, Fraction(0.1), Size{}, 124, 14)},
		specVector{"iwildcam-2020-fgvc7", []string{"98 for n = 441"}, countVector(441, Fraction(0.22), Size{}, 343, 98)},
		specVector{"uw-madison-gi-tract-image-segmentation", []string{"9 for 85 cases"}, countVector(85, Fraction(0.1), Size{}, 76, 9)},
		specVector{"rsna-breast-cancer-detection", []string{"1,192 for n = 11,913"}, countVector(11913, Fraction(0.1), Size{}, 11913-1192, 1192)},
		specVector{"tensorflow-speech-recognition-challenge", []string{"ceil(6472.700000000001) = 6,473"}, countVector(64727, Fraction(0.1), Size{}, 64727-6473, 6473)},
		specVector{"learning-agency-lab-automated-essay-scoring-2", []string{"1,731 for n = 17,307"}, countVector(17307, Fraction(0.1), Size{}, 17307-1731, 1731)},
		specVector{"spaceship-titanic", []string{"ceil(869.3000000000001) = 870"}, countVector(8693, Fraction(0.1), Size{}, 7823, 870)},
		specVector{"lmsys-chatbot-arena", []string{"ceil(5747.700000000001) = 5,748"}, countVector(57477, Fraction(0.1), Size{}, 51729, 5748)},
		specVector{"ventilator-pressure-prediction", []string{"n_test = 7,545 and n_train = 67,905"}, countVector(75450, Fraction(0.1), Size{}, 67905, 7545)},
		specVector{"vinbigdata-chest-xray-abnormalities-detection", []string{"n_test = ceil(0.1·n) = 1500"}, countVector(15000, Fraction(0.1), Size{}, 13500, 1500)},
		specVector{"new-york-city-taxi-fare-prediction", []string{"n ≥ 9915 is required"}, func(t *testing.T) {
			if _, _, err := ValidateShuffleSplit(9914, Count(9914), Size{}, Fraction(0.25)); err == nil {
				t.Error("test_size=9914 with 9914 rows: want an error")
			}
			countVector(9915, Count(9914), Size{}, 1, 9914)(t)
		}},
		specVector{"herbarium-2022-fgvc9", []string{"n=5 → 1, n=15 → 3"}, func(t *testing.T) {
			countVector(5, Fraction(0.2), Size{}, 4, 1)(t)
			countVector(15, Fraction(0.2), Size{}, 12, 3)(t)
			if _, _, err := TrainTestSplit(1, SplitOptions{TestSize: Fraction(0.2)}); err == nil {
				t.Error("a single-item category must make the split fail")
			}
		}},
		// pandas sample sizes: round(0.2·m), banker's rounding.
		specVector{"mlsp-2013-birds", []string{"0.2·317 = 63.4 → 63; 0.2·323 = 64.6 → 65"}, func(t *testing.T) {
			for m, want := range map[int]int{317: 63, 318: 64, 322: 64, 323: 65} {
				got, err := SampleFrac(m, 0.2, false, 0)
				if err != nil {
					t.Fatal(err)
				}
				wantInts(t, "sample(frac=0.2) positions", got, NewRandomState(0).Permutation(m)[:want])
			}
		}},
		specVector{"stanford-covid-vaccine", []string{"positions = the first n_test entries of NumPy legacy `RandomState(0).permutation"}, func(t *testing.T) {
			got, err := SampleN(1589, 240, false, 0)
			if err != nil {
				t.Fatal(err)
			}
			wantInts(t, "sample(n=240) of 1589", got, NewRandomState(0).Permutation(1589)[:240])
			if _, err := SampleN(10, 11, false, 0); err == nil {
				t.Error("sampling more rows than exist without replacement must fail")
			}
		}},
		specVector{"AI4Code", []string{"`DataFrame.sample(frac=1, random_state=0)`"}, func(t *testing.T) {
			got, err := SampleFrac(15, 1, false, 0)
			if err != nil {
				t.Fatal(err)
			}
			wantInts(t, "sample(frac=1) of 15", got, perm15)
		}},
		// CPython random.
		specVector{"alaska2-image-steganalysis", []string{"3626764237, 1654615998, 3255389356"}, func(t *testing.T) {
			r := NewRandom(0)
			wantInts(t, "Random(0) raw", []uint32{r.Uint32(), r.Uint32(), r.Uint32()}, []uint32{3626764237, 1654615998, 3255389356})
		}},
		specVector{"alaska2-image-steganalysis", []string{"F, F, T, F, F, F, F, F, F, T"}, func(t *testing.T) {
			r := NewRandom(0)
			var got []bool
			for range 10 {
				i, err := r.Choice(2) // choice([True, False])
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, i == 0)
			}
			wantInts(t, "choice([True, False])", got, []bool{false, false, true, false, false, false, false, false, false, true})
		}},
		specVector{"google-research-identify-contrails-reduce-global-warming", []string{"`-`, `-`, `1 3 10 5`, `-`, `-`, `-`, `-`, `-`, `-`, `1 3 10 5`, `1 3 10 5`, `-`"}, func(t *testing.T) {
			opts := []string{"1 3 10 5", "-"}
			r := NewRandom(0)
			var got []string
			for range 12 {
				i, err := r.Choice(len(opts))
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, opts[i])
			}
			wantInts(t, "choice", got, []string{"-", "-", "1 3 10 5", "-", "-", "-", "-", "-", "-", "1 3 10 5", "1 3 10 5", "-"})
		}},
		specVector{"herbarium-2021-fgvc8", []string{"shuffling [0..9] gives [7, 8, 1, 5, 3, 4, 2, 0, 9, 6]"}, func(t *testing.T) {
			x := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
			ShuffleSlice(NewRandom(0), x)
			wantInts(t, "Random(0).shuffle", x, []int{7, 8, 1, 5, 3, 4, 2, 0, 9, 6})
		}},
		specVector{"inaturalist-2019-fgvc6", []string{"[7, 8, 1, 5, 3, 4, 2, 0, 9, 6]; `random.Random(42).randint(0, 1009)` → 654"}, func(t *testing.T) {
			x := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
			ShuffleSlice(NewRandom(0), x)
			wantInts(t, "Random(0).shuffle", x, []int{7, 8, 1, 5, 3, 4, 2, 0, 9, 6})
			v, err := NewRandom(42).Randint(0, 1009)
			if err != nil {
				t.Fatal(err)
			}
			wantInts(t, "Random(42).randint(0, 1009)", v, int64(654))
		}},
		specVector{"rsna-2022-cervical-spine-fracture-detection", []string{"`Random(0).sample(range(40), 4)` = [24, 26, 2, 16]"}, func(t *testing.T) {
			got, err := NewRandom(0).Sample(40, 4)
			if err != nil {
				t.Fatal(err)
			}
			wantInts(t, "Random(0).sample(range(40), 4)", got, []int{24, 26, 2, 16})
		}},
		specVector{"alaska2-image-steganalysis", []string{"`0001.jpg` ← 69801 JUNIWARD 1", "Totals: 2489 positives (JMiPOD 840, JUNIWARD 841, UERD 808) and 2511 covers"}, testAlaska2Pipeline},
		// NumPy default_rng.
		specVector{"petfinder-pawpularity-score", []string{"state = 35399562948360463058890781895381311971"}, func(t *testing.T) {
			g := NewGenerator(0)
			u128 := func(hi, lo uint64) string {
				v := new(big.Int).SetUint64(hi)
				v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(lo))
				return v.String()
			}
			wantInts(t, "state", u128(g.bg.stateHi, g.bg.stateLo), "35399562948360463058890781895381311971")
			wantInts(t, "inc", u128(g.bg.incHi, g.bg.incLo), "87136372517582989555478159403783844777")
			wantInts(t, "raw", []uint64{g.Uint64(), g.Uint64(), g.Uint64()}, []uint64{11749869230777074271, 4976686463289251617, 755828109848996024})
			wantInts(t, "random()", NewGenerator(0).Random(), 0.6369616873214543)
			u, err := NewGenerator(0).Uniform(1, 100)
			if err != nil {
				t.Fatal(err)
			}
			wantInts(t, "uniform(1, 100)", u, 1+99*0.6369616873214543)
		}},
		specVector{"whale-categorization-playground", []string{"0xdb2cd7e7b0f478be, 0xabf4641a2c71ba49, 0x20c6ed6d9d7b8d41, 0x2c4099de223c39d4"}, func(t *testing.T) {
			wantInts(t, "SeedSequence(0).generate_state(4, uint64)", NewSeedSequence(0).GenerateState64(4),
				[]uint64{0xdb2cd7e7b0f478be, 0xabf4641a2c71ba49, 0x20c6ed6d9d7b8d41, 0x2c4099de223c39d4})
			g := NewGenerator(0)
			wantInts(t, "raw", []uint64{g.Uint64(), g.Uint64(), g.Uint64()}, []uint64{0xa30febcfd9c2825f, 0x4510bdf882d9d721, 0x0a7d3da94ecde8b8})
			wantInts(t, "doubles", NewGenerator(0).RandomN(6),
				[]float64{0.6369616873214543, 0.2697867137638703, 0.04097352393619469, 0.016527635528529094, 0.8132702392002724, 0.9127555772777217})
			// g.choice(["train", "test"], p=[0.9, 0.1]): the 6th draw is the first "test".
			g = NewGenerator(0)
			var got []int
			for range 6 {
				c, err := g.Choice(2, 1, true, []float64{0.9, 0.1})
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, c[0])
			}
			wantInts(t, "choice p=[0.9, 0.1]", got, []int{0, 0, 0, 0, 0, 1})
		}},
	)
	return vs
}

// testAlaska2Pipeline replays alaska2's test-set construction: split the
// 75,000 sorted covers with seed 42, random.seed(0), shuffle the test list,
// then per image choice([True, False]) and, when False, a choice of three
// algorithms.
func testAlaska2Pipeline(t *testing.T) {
	_, test, err := TrainTestSplit(75000, SplitOptions{TestSize: Count(5000), RandomState: 42})
	if err != nil {
		t.Fatal(err)
	}
	r := NewRandom(0)
	ShuffleSlice(r, test)
	algs := []string{"JMiPOD", "JUNIWARD", "UERD"}
	type row struct {
		pos int
		src string
	}
	rows := make([]row, len(test))
	counts := map[string]int{}
	for i, pos := range test {
		c, err := r.Choice(2)
		if err != nil {
			t.Fatal(err)
		}
		src := "Cover"
		if c == 1 { // False
			a, err := r.Choice(3)
			if err != nil {
				t.Fatal(err)
			}
			src = algs[a]
		}
		rows[i] = row{pos, src}
		counts[src]++
	}
	want := []row{{69801, "JUNIWARD"}, {59276, "JMiPOD"}, {39035, "JUNIWARD"}, {36842, "Cover"},
		{61152, "JMiPOD"}, {14365, "Cover"}, {68196, "Cover"}, {38832, "UERD"}}
	wantInts(t, "first rows", rows[:8], want)
	wantInts(t, "last row", rows[4999], row{69128, "JMiPOD"})
	wantInts(t, "counts", counts, map[string]int{"Cover": 2511, "JMiPOD": 840, "JUNIWARD": 841, "UERD": 808})
}

func TestSpecVectors(t *testing.T) {
	dir := specDir()
	_, statErr := os.Stat(dir)
	haveSpecs := statErr == nil
	if !haveSpecs {
		t.Logf("spec tree %s not found; checking vectors without quoting the specs", dir)
	}
	for i, v := range specVectors() {
		t.Run(v.spec, func(t *testing.T) {
			if haveSpecs {
				data, err := os.ReadFile(filepath.Join(dir, v.spec+".md"))
				if err != nil {
					t.Fatalf("case %d: %v", i, err)
				}
				found := false
				for _, q := range v.quote {
					found = found || strings.Contains(string(data), q)
				}
				if !found {
					t.Errorf("case %d: %s.md no longer contains %q", i, v.spec, v.quote)
				}
			}
			v.check(t)
		})
	}
}
