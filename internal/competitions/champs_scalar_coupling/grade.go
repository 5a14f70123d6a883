package champs_scalar_coupling

import (
	"fmt"
	"math"
	"sort"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, c := range []string{target, "id"} {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission is missing the %q column", c)
		}
	}
	for _, c := range []string{target, "id", "type"} {
		if !ans.Has(c) {
			return competition.Score{}, fmt.Errorf("answers have no %q column", c)
		}
	}
	subID, _ := sub.Col("id")
	ansID, _ := ans.Col("id")
	if !pandas.SameSet(subID, ansID) {
		return competition.Score{}, competition.Invalid("Submission ids do not match the answers' ids")
	}
	predCol, _ := sub.Col(target)
	pred, err := pandas.Floats(predCol)
	if err != nil {
		return competition.Score{}, fmt.Errorf("submission %s: %w", target, err)
	}
	trueCol, _ := ans.Col(target)
	truth, err := pandas.Floats(trueCol)
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers %s: %w", target, err)
	}
	bySub := map[any][]int{}
	for r := 0; r < subID.Len(); r++ {
		if k, ok := pandas.CellKey(subID, r); ok {
			bySub[k] = append(bySub[k], r)
		}
	}
	// Inner merge in answers order, then groupby("type") with sorted keys.
	types, _ := ans.Col("type")
	perType := map[any]*[2][]float64{}
	typeRow := map[any]int{}
	var typeKeys []any
	for r := 0; r < ansID.Len(); r++ {
		k, ok := pandas.CellKey(ansID, r)
		if !ok {
			continue
		}
		tk, ok := pandas.CellKey(types, r)
		if !ok || types.IsNull(r) {
			continue // groupby drops a missing key
		}
		g := perType[tk]
		if g == nil {
			g = &[2][]float64{}
			perType[tk] = g
			typeRow[tk] = r
			typeKeys = append(typeKeys, tk)
		}
		for _, s := range bySub[k] {
			g[0] = append(g[0], truth[r])
			g[1] = append(g[1], pred[s])
		}
	}
	var sortErr error
	sort.SliceStable(typeKeys, func(i, j int) bool {
		c, ok := pyCompare(types, typeRow[typeKeys[i]], typeRow[typeKeys[j]])
		if !ok {
			sortErr = fmt.Errorf("answers type column cannot be sorted")
		}
		return c < 0
	})
	if sortErr != nil {
		return competition.Score{}, sortErr
	}
	logs := make([]float64, len(typeKeys))
	for i, tk := range typeKeys {
		g := perType[tk]
		mae, err := metric.MAE(g[0], g[1])
		if err != nil {
			return competition.Score{}, fmt.Errorf("type %s: %w", types.Str(typeRow[tk]), err)
		}
		logs[i] = math.Log(mae)
	}
	return competition.Numpy(metric.Mean(logs)), nil
}
