package herbarium_2022_fgvc9

import (
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/labelgrade"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade is macro F1 of the submission's Predicted against the answers'
// after the spec's checks (row count, columns, sorted Ids).
func Grade(sub, ans *table.Table) (competition.Score, error) {
	return labelgrade.MacroF1(sub, ans, "Id", "Predicted")
}
