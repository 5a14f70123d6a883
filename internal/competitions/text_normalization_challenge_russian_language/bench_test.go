package text_normalization_challenge_russian_language

import (
	"testing"

	"github.com/mlebench/mlebench/internal/competitions/internal/prepbench"
)

// BenchmarkPrepare prepares fake raw data of MLEBENCH_TEXTNORM_RU_BENCH_ROWS rows
// (default 150,000 fake sentences ≈ 1M rows (the Kaggle ru_train.csv has ≈ 10.5M rows)) and reports the whole process's peak RSS during Prepare:
//
//	MLEBENCH_TEXTNORM_RU_BENCH_ROWS=150000 go test ./internal/competitions/text_normalization_challenge_russian_language -run '^$' -bench Prepare -benchtime 1x
func BenchmarkPrepare(b *testing.B) {
	prepbench.Run(b, Competition, "MLEBENCH_TEXTNORM_RU_BENCH_ROWS", 150000)
}
