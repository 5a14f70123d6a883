package submission

import "github.com/mlebench/mlebench/internal/table"

// KeepAnswerColumns is a competition.Impl.LoadAnswers for a grader that
// reads only the named answers columns (and the answers' row count): the
// answers CSV is read as a whole read would read it, with numeric cells'
// text dropped (Impl.TypedRead), keeping only those columns
// (table.ReadOptions.Keep), so the typed path neither parses nor stores the
// others. Answers lacking one of them are read whole, so that the grader
// reports the absence as it would without this.
func KeepAnswerColumns(names ...string) func(path string) (*table.Table, error) {
	return func(path string) (*table.Table, error) {
		t, err := table.ReadFile(path, table.ReadOptions{DropNumericText: true, Keep: names})
		if err != nil {
			return table.ReadFile(path, table.ReadOptions{DropNumericText: true})
		}
		return t, nil
	}
}
