package nfl_player_contact_detection

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade is the original's grade.py: column, id-set and length checks, both
// frames sorted by contact_id, then sklearn's matthews_corrcoef of the
// paired contact columns.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	if !ans.Has(contactID, contact) {
		return competition.Score{}, fmt.Errorf("answers must have columns %q and %q", contactID, contact)
	}
	if !sub.Has(contactID, contact) {
		return competition.Score{}, competition.Invalid("Submission must have columns %q and %q", contactID, contact)
	}
	sid, _ := sub.Col(contactID)
	aid, _ := ans.Col(contactID)
	if !pandas.SameSet(sid, aid) {
		return competition.Score{}, competition.Invalid("Submission contact_ids do not match the answers' contact_ids")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, the answers have %d", sub.Len(), ans.Len())
	}
	if err := pandas.SortErrors(sid, aid); err != nil {
		return competition.Score{}, err
	}
	sc, _ := sub.Col(contact)
	ac, _ := ans.Col(contact)
	// Sorting both by contact_id pairs the rows by id; ids equal row for
	// row are paired already (and the score does not depend on the order).
	if !pandas.SameRows(sid, aid) {
		sc = sc.Take(pandas.SortIndex(sid))
		ac = ac.Take(pandas.SortIndex(aid))
	}
	cm, _, err := metric.ConfusionMatrix(pandas.Labels(ac), pandas.Labels(sc))
	if err != nil {
		return competition.Score{}, err
	}
	if degenerate(cm) {
		return competition.Float(0), nil // sklearn's literal 0.0
	}
	return competition.Numpy(metric.MatthewsCorrcoefOf(cm)), nil
}

// degenerate reports cov_ypyp·cov_ytyt = 0: a single class among the
// labels or among the predictions.
func degenerate(cm [][]int64) bool {
	rows, cols := 0, 0
	for i := range cm {
		var r, c int64
		for j := range cm {
			r += cm[i][j]
			c += cm[j][i]
		}
		if r > 0 {
			rows++
		}
		if c > 0 {
			cols++
		}
	}
	return rows <= 1 || cols <= 1
}
