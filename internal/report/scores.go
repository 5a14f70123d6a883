package report

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
)

// Score is one competition report's score and gold threshold, as a grading
// report holds them.
type Score struct {
	CompetitionID string
	Score         *float64 // nil for a null score (NaN and infinite tokens read as null)
	GoldThreshold float64
}

// ReadScores reads the scores of a grading report (Python's JSON, NaN and
// Infinity tokens included).
func ReadScores(path string) ([]Score, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Reports []struct {
			CompetitionID string   `json:"competition_id"`
			Score         *float64 `json:"score"`
			Gold          *float64 `json:"gold_threshold"`
		} `json:"competition_reports"`
	}
	if err := json.Unmarshal(SanitizePythonJSON(data), &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	out := make([]Score, 0, len(doc.Reports))
	for _, r := range doc.Reports {
		s := Score{CompetitionID: r.CompetitionID, Score: r.Score, GoldThreshold: math.NaN()}
		if r.Gold != nil {
			s.GoldThreshold = *r.Gold
		}
		out = append(out, s)
	}
	return out, nil
}
