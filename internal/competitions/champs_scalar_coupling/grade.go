package champs_scalar_coupling

import (
	"fmt"
	"math"
	"slices"
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
	// Inner merge in answers order, then groupby("type") with sorted keys.
	types, _ := ans.Col("type")
	perType, typeRow, typeKeys, ok := groupUniqueInts(subID, ansID, types, truth, pred)
	if !ok {
		perType, typeRow, typeKeys = groupMerged(subID, ansID, types, truth, pred)
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

// groupMerged pairs the answers' rows with the submission's rows of equal
// id (pandas' inner merge in answers order: every pair, duplicates
// included) and groups the pairs by the answers' type, keys in order of
// first appearance; typeRow holds each type's first answers row.
func groupMerged(subID, ansID, types *table.Column, truth, pred []float64) (perType map[any]*[2][]float64, typeRow map[any]int, typeKeys []any) {
	bySub := map[any][]int{}
	for r := 0; r < subID.Len(); r++ {
		if k, ok := pandas.CellKey(subID, r); ok {
			bySub[k] = append(bySub[k], r)
		}
	}
	perType = map[any]*[2][]float64{}
	typeRow = map[any]int{}
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
	return perType, typeRow, typeKeys
}

// groupUniqueInts is [groupMerged] for the usual columns: int64 ids,
// unique in the submission, and a text type column; each answers row then
// pairs with at most one submission row, found by position when the ids
// are equal row for row and through a map of int64 otherwise. ok is false
// (and nothing is computed) for any other columns.
func groupUniqueInts(subID, ansID, types *table.Column, truth, pred []float64) (perType map[any]*[2][]float64, typeRow map[any]int, typeKeys []any, ok bool) {
	if subID.Kind != table.Int64 || ansID.Kind != table.Int64 || subID.Mixed != nil || ansID.Mixed != nil ||
		types.Kind != table.String || types.Mixed != nil || len(types.Text) != types.Len() {
		return nil, nil, nil, false
	}
	ids := slices.Clone(subID.Ints)
	slices.Sort(ids)
	for i := 1; i < len(ids); i++ {
		if ids[i] == ids[i-1] {
			return nil, nil, nil, false
		}
	}
	same := pandas.SameRows(subID, ansID)
	var row map[int64]int
	if !same {
		row = make(map[int64]int, len(subID.Ints))
		for r, id := range subID.Ints {
			row[id] = r
		}
	}
	perType = map[any]*[2][]float64{}
	typeRow = map[any]int{}
	byText := map[string]*[2][]float64{}
	for r, id := range ansID.Ints {
		s := r
		if !same {
			var in bool
			if s, in = row[id]; !in {
				continue
			}
		}
		if types.Null != nil && types.Null[r] {
			continue // groupby drops a missing key
		}
		g := byText[types.Text[r]]
		if g == nil {
			tk, _ := pandas.CellKey(types, r)
			g = &[2][]float64{}
			byText[types.Text[r]] = g
			perType[tk] = g
			typeRow[tk] = r
			typeKeys = append(typeKeys, tk)
		}
		g[0] = append(g[0], truth[r])
		g[1] = append(g[1], pred[s])
	}
	return perType, typeRow, typeKeys, true
}
