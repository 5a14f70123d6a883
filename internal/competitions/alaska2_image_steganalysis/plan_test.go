package alaska2_image_steganalysis

import (
	"slices"
	"testing"
)

// TestPlanRealVectors checks the split and the test draws for the real
// 75,000 covers against the spec's vectors (Prepare §2 and §5.4).
func TestPlanRealVectors(t *testing.T) {
	train, test, err := plan(75000)
	if err != nil {
		t.Fatal(err)
	}
	if len(train) != 70000 || len(test) != 5000 {
		t.Fatalf("%d train, %d test", len(train), len(test))
	}
	if got := train[:8]; !slices.Equal(got, []int{10566, 35973, 59944, 58875, 34730, 26776, 20691, 2386}) {
		t.Errorf("train starts %v", got)
	}
	if got := train[len(train)-3:]; !slices.Equal(got, []int{54886, 860, 15795}) {
		t.Errorf("train ends %v", got)
	}
	want := []testImage{
		{69801, "JUNIWARD"}, {59276, "JMiPOD"}, {39035, "JUNIWARD"}, {36842, "Cover"},
		{61152, "JMiPOD"}, {14365, "Cover"}, {68196, "Cover"}, {38832, "UERD"},
	}
	if got := test[:8]; !slices.Equal(got, want) {
		t.Errorf("test starts %v, want %v", got, want)
	}
	if got := test[4999]; got != (testImage{69128, "JMiPOD"}) {
		t.Errorf("test ends %v", got)
	}
	count := map[string]int{}
	for _, ti := range test {
		count[ti.src]++
	}
	if count["Cover"] != 2511 || count["JMiPOD"] != 840 || count["JUNIWARD"] != 841 || count["UERD"] != 808 {
		t.Errorf("sources %v, want Cover 2511, JMiPOD 840, JUNIWARD 841, UERD 808", count)
	}
	// The split's test vector (before the shuffle) is the permutation's
	// head; the shuffled list must hold exactly those covers.
	pos := make([]int, len(test))
	for i, ti := range test {
		pos[i] = ti.cover
	}
	for _, p := range []int{26837, 2592, 18359, 73292, 60127, 71737, 26473, 1040} {
		if !slices.Contains(pos, p) {
			t.Errorf("cover %d of the split's test part is not a test image", p)
		}
	}
	if _, _, err := plan(5000); err == nil {
		t.Error("plan(5000) succeeded; train_test_split leaves no train cover")
	}
}
