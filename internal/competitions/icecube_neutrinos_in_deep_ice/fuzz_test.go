package icecube_neutrinos_in_deep_ice

import (
	"testing"

	"github.com/mlebench/mlebench/internal/table"
)

// FuzzGrade: no submission text makes Grade panic (it is called directly,
// without grade.Call's recover).
func FuzzGrade(f *testing.F) {
	ans, err := table.ReadBytes([]byte("event_id,azimuth,zenith\n20,3.0,2.0\n10,0.5,1.0\n30,6.0,0.1\n"), table.ReadOptions{})
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte("event_id,azimuth,zenith\n10,1,1\n20,1,1\n30,1,1\n"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, csv []byte) {
		sub, err := table.ReadBytes(csv, table.ReadOptions{})
		if err != nil {
			return
		}
		Grade(sub, ans)
	})
}
