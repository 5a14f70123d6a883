package champs_scalar_coupling

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/mlebench/mlebench/internal/table"
)

// TestGroupUniqueIntsMatchesMerge: the int-id path groups exactly as the
// general merge, for ids in the answers' order and shuffled, with ids
// missing on either side and missing types.
func TestGroupUniqueIntsMatchesMerge(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		name             string
		shuffle, missing bool
	}{{"same order", false, false}, {"shuffled", true, false}, {"ids missing", true, true}} {
		t.Run(c.name, func(t *testing.T) {
			n := 500
			ansIDs := make([]int64, n)
			typeText := make([]string, n)
			typeNull := make([]bool, n)
			truth := make([]float64, n)
			for i := range ansIDs {
				ansIDs[i] = int64(1000 + 3*i)
				typeText[i] = couplingTypes[r.IntN(len(couplingTypes))]
				typeNull[i] = r.IntN(40) == 0
				truth[i] = r.Float64()
			}
			subIDs := append([]int64(nil), ansIDs...)
			if c.shuffle {
				r.Shuffle(len(subIDs), func(i, j int) { subIDs[i], subIDs[j] = subIDs[j], subIDs[i] })
			}
			if c.missing {
				subIDs[0] = 7 // not in the answers; one answers id then has no pair
			}
			pred := make([]float64, n)
			for i := range pred {
				pred[i] = r.Float64()
			}
			types := table.Strings("type", typeText)
			types.Null = typeNull
			sub, ans := table.Ints("id", subIDs), table.Ints("id", ansIDs)
			p1, r1, k1, ok := groupUniqueInts(sub, ans, types, truth, pred)
			if !ok {
				t.Fatal("int-id path declined")
			}
			p2, r2, k2 := groupMerged(sub, ans, types, truth, pred)
			if !reflect.DeepEqual(k1, k2) || !reflect.DeepEqual(r1, r2) || !reflect.DeepEqual(p1, p2) {
				t.Errorf("groups differ:\nint path %v %v\nmerge    %v %v", k1, r1, k2, r2)
			}
		})
	}
	dup := table.Ints("id", []int64{1, 1})
	if _, _, _, ok := groupUniqueInts(dup, dup, table.Strings("type", []string{"a", "b"}), []float64{1, 2}, []float64{1, 2}); ok {
		t.Error("duplicate submission ids: the int-id path must decline (the merge pairs every duplicate)")
	}
}
