package text_normalization_challenge_russian_language

import (
	"context"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/textnorm"
)

// zips are the raw zips, in the order the original extracts them.
var zips = []string{"ru_test_2.csv.zip", "ru_train.csv.zip", "ru_sample_submission_2.csv.zip"}

func Prepare(ctx context.Context, d competition.Dirs) error {
	return textnorm.Prepare(ctx, d, "ru", zips)
}
