package table

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestEstimateRecordEnds: data up to four samples long is counted whole;
// longer data is its first sample's count scaled to its length, with a
// sixteenth (and 16) to spare.
func TestEstimateRecordEnds(t *testing.T) {
	defer func(n int) { recordSampleBytes = n }(recordSampleBytes)
	recordSampleBytes = 64
	row := `"a"` + "\n" // 4 bytes, one record end; 16 in a sample
	for _, c := range []struct {
		data string
		want int
	}{
		{strings.Repeat(row, 64), 64},                                             // 256 bytes: counted whole
		{strings.Repeat(row, 66), 16*264/64 + 1 + 16},                             // 264 bytes: 16 in the sample
		{strings.Repeat(row, 16) + strings.Repeat("x", 960), 16*1024/64 + 1 + 16}, // long last record
		{`"` + strings.Repeat("\n", 400) + `"`, 16},                               // line ends inside quotes
	} {
		if got := estimateRecordEnds([]byte(c.data)); got != c.want {
			t.Errorf("%d bytes: estimate %d, want %d", len(c.data), got, c.want)
		}
	}
	// Short rows first, then one long field: the extrapolation is capped.
	defer func(n int64) { maxEstimatedRecords = n }(maxEstimatedRecords)
	maxEstimatedRecords = 100
	data := strings.Repeat(row, 16) + `"` + strings.Repeat("x\n", 2000) + `"`
	if got := estimateRecordEnds([]byte(data)); got != 100 {
		t.Errorf("capped estimate %d, want 100", got)
	}
}

// TestRecordEstimateKeepsTables: whether the tokenizer's reservation is
// counted exactly or extrapolated from a small sample (too many records
// when they grow longer further on, too few when they grow shorter), the
// tables and errors are the same.
func TestRecordEstimateKeepsTables(t *testing.T) {
	defer func(n int) { recordSampleBytes = n }(recordSampleBytes)
	defer func(b, m int) { testBlockRows, testMinPart = b, m }(testBlockRows, testMinPart)
	r := rand.New(rand.NewPCG(3, 5))
	shapes := []func(i int) string{
		func(i int) string { return "" },                                         // random packCSV rows only
		func(i int) string { return `"` + strings.Repeat("y", i) + `"` },         // rows grow longer
		func(i int) string { return `"` + strings.Repeat("z", 300-i%300) + `"` }, // rows grow shorter
	}
	for iter := 0; iter < 300; iter++ {
		testBlockRows = []int{0, 5}[iter%2]
		testMinPart = []int{1 << 20, 64}[iter%2]
		data := packCSV(r, 1+r.IntN(300))
		if s := shapes[iter%len(shapes)]; iter%len(shapes) != 0 {
			var b bytes.Buffer
			b.WriteString("a,b\n")
			for i := range 1 + r.IntN(300) {
				b.WriteString(s(i) + ",1\n")
			}
			data = b.Bytes()
		}
		for _, o := range []ReadOptions{{}, {Keep: []string{"a"}}, {DropNumericText: true, Workers: 2}} {
			read := func(sample int) string {
				recordSampleBytes = sample
				tb, err := ReadBytes(append([]byte(nil), data...), o)
				if err != nil {
					return "error: " + err.Error()
				}
				return dumpAll(tb)
			}
			want := read(1 << 30)
			for _, sample := range []int{8, 100} {
				if got := read(sample); got != want {
					t.Fatalf("iteration %d, options %+v, sample %d, on %q:\n got %s\nwant %s", iter, o, sample, data, got, want)
				}
			}
		}
	}
}
