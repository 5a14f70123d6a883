package plagiarism

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dolosGolden is testdata/dolos_golden.json: @dodona/dolos-lib's own token
// streams and pairs for the committed corpus (made by dolos_golden.mjs).
type dolosGolden struct {
	DolosLib string              `json:"dolosLib"`
	Files    []string            `json:"files"`
	Tokens   map[string][]string `json:"tokens"`
	Pairs    []struct {
		LeftFile, RightFile string
		Similarity          float64
		Overlap             int
	} `json:"pairs"`
}

// similarityTolerance is how far a similarity may be from Dolos'. The token
// streams are identical on the corpus, so the arithmetic is too; the
// tolerance covers only the last bits of the division.
const similarityTolerance = 1e-12

func TestAgreesWithDolos(t *testing.T) {
	if !ParserAvailable {
		t.Skip("built without cgo")
	}
	b, err := os.ReadFile(filepath.Join("testdata", "dolos_golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g dolosGolden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	var files []File
	for _, path := range g.Files {
		src, err := os.ReadFile(filepath.Join("testdata", path))
		if err != nil {
			t.Fatal(err)
		}
		toks, err := Tokens(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		want := g.Tokens[path]
		if strings.Join(toks, " ") != strings.Join(want, " ") {
			n := 0
			for n < len(toks) && n < len(want) && toks[n] == want[n] {
				n++
			}
			t.Errorf("%s: tokens differ from Dolos' at %d of %d/%d: got %q, want %q", path, n, len(toks), len(want),
				toks[n:min(n+8, len(toks))], want[n:min(n+8, len(want))])
		}
		files = append(files, File{Path: path, Tokens: toks})
	}
	pairs := Analyze(files)
	if len(pairs) != len(g.Pairs) {
		t.Fatalf("%d pairs, Dolos has %d", len(pairs), len(g.Pairs))
	}
	for i, p := range pairs {
		w := g.Pairs[i]
		if p.Left != w.LeftFile || p.Right != w.RightFile || p.Overlap != w.Overlap || math.Abs(p.Similarity-w.Similarity) > similarityTolerance {
			t.Errorf("pair %d: got %s ~ %s %.17g (overlap %d), Dolos %s ~ %s %.17g (overlap %d)",
				i, p.Left, p.Right, p.Similarity, p.Overlap, w.LeftFile, w.RightFile, w.Similarity, w.Overlap)
		}
	}
}
