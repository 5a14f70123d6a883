package multi_modal_gesture_recognition

import (
	"testing"

	"github.com/mlebench/mlebench/internal/table"
)

// FuzzGrade: no submission text makes Grade panic (it is called directly,
// without grade.Call's recover).
func FuzzGrade(f *testing.F) {
	ans, err := table.ReadBytes([]byte("Id,Sequence\n0300,2 14 20 1\n0007,5 5 6\n1234,11\n"), table.ReadOptions{})
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte("Id,Sequence\n300,2 14 20\n7,5 5 6 7\n1234,11\n"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, csv []byte) {
		sub, err := table.ReadBytes(csv, table.ReadOptions{})
		if err != nil {
			return
		}
		Grade(sub, ans)
	})
}
