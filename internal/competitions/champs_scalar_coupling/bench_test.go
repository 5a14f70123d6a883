package champs_scalar_coupling

import (
	"testing"

	"github.com/mlebench/mlebench/internal/competitions/internal/prepbench"
)

// BenchmarkPrepare prepares fake raw data of MLEBENCH_CHAMPS_BENCH_ROWS rows
// (default 8,000 fake molecules (the Kaggle data has ≈ 130,000 molecules, 85,000 in train.csv's 4.66M rows)) and reports the whole process's peak RSS during Prepare:
//
//	MLEBENCH_CHAMPS_BENCH_ROWS=8000 go test ./internal/competitions/champs_scalar_coupling -run '^$' -bench Prepare -benchtime 1x
func BenchmarkPrepare(b *testing.B) {
	prepbench.Run(b, Competition, "MLEBENCH_CHAMPS_BENCH_ROWS", 8000)
}
