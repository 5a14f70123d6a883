package facebook_recruiting_iii_keyword_extraction

import (
	"testing"

	"github.com/mlebench/mlebench/internal/competitions/internal/prepbench"
)

// BenchmarkPrepare prepares fake raw data of MLEBENCH_FACEBOOK_BENCH_ROWS rows
// (default 300,000 fake questions (the Kaggle Train.csv has ≈ 6M questions, 7 GB: its rows are far longer than the fake's)) and reports the whole process's peak RSS during Prepare:
//
//	MLEBENCH_FACEBOOK_BENCH_ROWS=300000 go test ./internal/competitions/facebook_recruiting_iii_keyword_extraction -run '^$' -bench Prepare -benchtime 1x
func BenchmarkPrepare(b *testing.B) {
	prepbench.Run(b, Competition, "MLEBENCH_FACEBOOK_BENCH_ROWS", 300000)
}
