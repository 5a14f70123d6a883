package stanford_covid_vaccine

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade is the MCRMSE over reactivity, deg_Mg_pH10 and deg_Mg_50C of the
// rows the answers mark keep=True, with the original's row selection (see
// the package doc): after both frames are sorted by id_seqpos, a submission
// row is selected when the answers' row at the submission row's position in
// the submission file has keep=True.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission length %d != answers length %d", sub.Len(), ans.Len())
	}
	ansNeed := append([]string{idCol}, scored...)
	ansNeed = append(ansNeed, "keep")
	for _, name := range ansNeed {
		if !ans.Has(name) {
			return competition.Score{}, fmt.Errorf("answers must have a %q column", name)
		}
	}
	subNeed := []string{idCol, "reactivity", "deg_Mg_pH10", "deg_Mg_50C", "deg_pH10", "deg_50C"}
	for _, name := range subNeed {
		if !sub.Has(name) {
			return competition.Score{}, competition.Invalid("Submission is missing the column %q (required: %v)", name, subNeed)
		}
	}
	subID, _ := sub.Col(idCol)
	ansID, _ := ans.Col(idCol)
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, ok := submission.AlignByID(subID, ansID)
	if !ok {
		for k := range subIdx {
			if k >= len(ansIdx) || !pandas.CellsEqual(subID, subIdx[k], ansID, ansIdx[k]) {
				return competition.Score{}, competition.Invalid("Submission and answers id_seqpos differ at sorted position %d: %q vs %q", k, subID.Str(subIdx[k]), ansID.Str(ansIdx[min(k, len(ansIdx)-1)]))
			}
		}
		return competition.Score{}, competition.Invalid("Submission and answers id_seqpos values do not match")
	}
	keep, _ := ans.Col("keep")
	if keep.Kind != table.Bool {
		return competition.Score{}, fmt.Errorf("answers keep column is %s, not bool", keep.Kind)
	}
	// The boolean mask keeps the answers' file row labels; on the sorted
	// submission it aligns by the submission's own file row labels.
	var subSel, ansSel []int
	for k := range subIdx {
		if keep.Bools[subIdx[k]] {
			subSel = append(subSel, subIdx[k])
		}
		if keep.Bools[ansIdx[k]] {
			ansSel = append(ansSel, ansIdx[k])
		}
	}
	yTrue := make([][]float64, len(scored))
	yPred := make([][]float64, len(scored))
	for c, name := range scored {
		sc, _ := sub.Col(name)
		ac, _ := ans.Col(name)
		p, err := pandas.Floats(sc.Take(subSel))
		if err != nil {
			return competition.Score{}, fmt.Errorf("submission column %s: %w", name, err)
		}
		t, err := pandas.Floats(ac.Take(ansSel))
		if err != nil {
			return competition.Score{}, fmt.Errorf("answers column %s: %w", name, err)
		}
		yTrue[c], yPred[c] = t, p
	}
	s, err := metric.MCRMSE(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(s), nil
}
