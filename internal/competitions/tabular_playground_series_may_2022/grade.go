package tabular_playground_series_may_2022

import (
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade is prepare_for_auroc_metric followed by roc_auc_score
// (submission.ROCAUC: the 0/1 answers are scored as int64 labels).
func Grade(sub, ans *table.Table) (competition.Score, error) {
	auc, err := submission.ROCAUC(sub, ans, id, target)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(auc), nil
}
