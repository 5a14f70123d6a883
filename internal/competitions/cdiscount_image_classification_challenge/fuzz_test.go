package cdiscount_image_classification_challenge

import (
	"testing"

	"github.com/mlebench/mlebench/internal/table"
)

// FuzzGrade: no submission text makes Grade panic (it is called directly,
// without grade.Call's recover).
func FuzzGrade(f *testing.F) {
	ans, err := table.ReadBytes([]byte("_id,category_id\n3,100\n1,200\n7,100\n9,300\n"), table.ReadOptions{})
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte("_id,category_id\n1,200\n3,100\n7,1\n9,300\n"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, csv []byte) {
		sub, err := table.ReadBytes(csv, table.ReadOptions{})
		if err != nil {
			return
		}
		Grade(sub, ans)
	})
}
