package table

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestKeepMatchesWholeRead: a read with ReadOptions.Keep (which stores and
// converts only the kept columns when the others cannot matter) gives the
// table, or the error, of a whole read followed by the selection, on
// random CSVs with quotes, short and too-long rows, invalid UTF-8 in a
// column kept or not, forced dtypes and small dtype blocks.
func TestKeepMatchesWholeRead(t *testing.T) {
	defer func(b, m int) { testBlockRows, testMinPart = b, m }(testBlockRows, testMinPart)
	r := rand.New(rand.NewPCG(14, 14))
	keeps := [][]string{{"a"}, {"c", "a"}, {"b"}, {"b", "c"}, {"a", "zz"}, {"a", "b", "c"}}
	for iter := 0; iter < 300; iter++ {
		testBlockRows = []int{0, 3, 17}[iter%3]
		testMinPart = []int{1 << 20, 64}[iter%2]
		data := randomCSV(r, 1+r.IntN(200), iter%3 == 0)
		switch iter % 5 {
		case 1:
			data = append(data, "1,2,3,4\n5,6\n"...) // a too-long row
		case 2:
			data = append(data, "1,\xff\xfe,3\n"...) // invalid UTF-8 in b
		case 3:
			data = bytes.TrimRight(data, "\r\n")
		}
		opt := ReadOptions{Workers: 1 + iter%2, DropNumericText: iter%4 == 0}
		if iter%6 == 5 {
			opt.Dtype = map[string]Kind{"b": Float64}
		}
		for _, keep := range keeps {
			want := ""
			whole, err := ReadBytes(append([]byte(nil), data...), opt)
			if err == nil {
				whole, err = keepColumns(whole, keep)
			}
			if err != nil {
				want = "error: " + err.Error()
			} else {
				want = dump(whole)
			}
			kopt := opt
			kopt.Keep = keep
			got := ""
			tb, err := ReadBytes(append([]byte(nil), data...), kopt)
			if err != nil {
				got = "error: " + err.Error()
			} else {
				got = dump(tb)
			}
			if got != want {
				t.Fatalf("iteration %d keep %v on %q:\n got %s\nwant %s", iter, keep, data, got, want)
			}
		}
	}
}
