package table

import (
	"strings"
	"testing"
)

// TestTypedPresizeMatchesGeneral reads files whose first data line decides
// how the typed path presizes each column (a decimal first cell: float64
// from the start; an integer: int64, converted later) through the typed
// path and the general path: the tables must be the same, bit for bit
// (-0 in later integer rows, NaN forms that decline, blocks that turn
// float64 after int64 ones, forced dtypes, extra columns, exponents).
func TestTypedPresizeMatchesGeneral(t *testing.T) {
	defer func(b, c int) { testBlockRows, typedChunk = b, c }(testBlockRows, typedChunk)
	testBlockRows = 2
	dir := t.TempDir()
	for _, tc := range []struct {
		name  string
		body  string
		dtype map[string]Kind
	}{
		{"decimal first, integers after", "id,target\n1,0.5\n2,1\n3,-0\n4,7\n", nil},
		{"decimal first, -0 in its block", "id,target\n1,0.25\n2,-0\n", nil},
		{"integer first, decimal later", "id,target\n1,1\n2,-0\n3,0\n4,0.5\n5,-0\n", nil},
		{"-0.0 first", "id,target\n1,-0.0\n2,-0\n", nil},
		{"exponent first (per-cell path)", "id,target\n1,1e-3\n2,-0\n3,2\n", nil},
		{"decimal id first", "id,target\n1.5,1\n2,0\n", nil},
		{"nan first declines", "id,target\n1,nan\n2,0.5\n", nil},
		{"NaN later declines", "id,target\n1,0.5\n2,NaN\n", nil},
		{"forced int64 with decimal first", "id,target\n1,0.5\n", map[string]Kind{"target": Int64}},
		{"forced float64, integer first", "id,target\n1,-0\n2,0.5\n", map[string]Kind{"target": Float64}},
		{"forced float64, decimal first", "id,target\n1,0.5\n2,-0\n", map[string]Kind{"target": Float64}},
		{"extra columns", "id,target,x,y\n9,0.75,3,-0.5\n8,1,-0,4\n7,0,0.5,-0\n", nil},
		{"single row, no newline", "id,target\n1,0.125", nil},
	} {
		for _, chunk := range []int{16, 1 << 20} {
			typedChunk = chunk
			path := writeTemp(t, dir, "p.csv", tc.body)
			opt := ReadOptions{DropNumericText: true, Dtype: tc.dtype}
			want, werr := ReadBytes([]byte(tc.body), opt)
			got, gerr := ReadFile(path, opt)
			if (werr == nil) != (gerr == nil) { // (the messages differ by the file name)
				t.Fatalf("%s: error %v, want %v", tc.name, gerr, werr)
			}
			if werr == nil {
				sameColumns(t, tc.name, got, want)
			}
		}
	}
}

// TestTypedReadReusesChunk checks that a second typed read of a file at
// least a chunk long takes the first read's buffer, and that the tables
// of both reads stay intact.
func TestTypedReadReusesChunk(t *testing.T) {
	defer func(c int) { typedChunk = c }(typedChunk)
	typedChunk = 64
	dir := t.TempDir()
	body := "id,target\n" + strings.Repeat("12345,0.5\n67890,0.25\n", 20)
	path := writeTemp(t, dir, "r.csv", body)
	first, err := ReadFile(path, ReadOptions{DropNumericText: true})
	if err != nil {
		t.Fatal(err)
	}
	spare := chunkBuf(typedChunk)
	if cap(spare) != typedChunk {
		t.Fatalf("spare buffer of capacity %d", cap(spare))
	}
	putChunkBuf(spare)
	second, err := ReadFile(path, ReadOptions{DropNumericText: true})
	if err != nil {
		t.Fatal(err)
	}
	if again := chunkBuf(typedChunk); &again[:1][0] != &spare[:1][0] {
		t.Errorf("the second read did not give back the spare buffer")
	}
	want, err := ReadBytes([]byte(body), ReadOptions{DropNumericText: true})
	if err != nil {
		t.Fatal(err)
	}
	sameColumns(t, "first read", first, want)
	sameColumns(t, "second read", second, want)
}
