package lmsys_chatbot_arena

import (
	"testing"

	"github.com/mlebench/mlebench/internal/competitions/internal/prepbench"
)

// BenchmarkPrepare prepares fake raw data of MLEBENCH_LMSYS_BENCH_ROWS rows
// (default the Kaggle train.csv's 57,477 rows; the fake's texts are short,
// so point MLEBENCH_BENCH_RAW at a raw directory with Kaggle-length texts,
// 184 MB, for the real memory figure) and reports the whole process's peak
// RSS during Prepare:
//
//	MLEBENCH_LMSYS_BENCH_ROWS=57477 go test ./internal/competitions/lmsys_chatbot_arena -run '^$' -bench Prepare -benchtime 1x
func BenchmarkPrepare(b *testing.B) {
	prepbench.Run(b, Competition, "MLEBENCH_LMSYS_BENCH_ROWS", 57477)
}
