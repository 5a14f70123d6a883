package h_and_m_personalized_fashion_recommendations

import (
	"errors"
	"fmt"
	"hash/maphash"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// gradeBothWays grades the submission file sub against the answers file
// ans through the general path (the harness's read, then Grade) and
// through the text path (openSubmission) and fails unless they agree: a
// file the general read refuses is declined, and an accepted file gets the
// same score, bit for bit, or the same error. It reports whether the text
// path took the file.
func gradeBothWays(t *testing.T, sub, ans string) bool {
	t.Helper()
	answers, err := grade.LoadAnswers(Competition, ans)
	if err != nil {
		t.Fatalf("answers: %v", err)
	}
	subText, _ := os.ReadFile(sub)
	ansText, _ := os.ReadFile(ans)
	what := fmt.Sprintf("submission %q, answers %q", subText, ansText)
	opened := openSubmission(sub)
	tb, rerr := grade.ReadSubmissionFor(Competition, sub)
	if rerr != nil {
		if opened != nil {
			opened.Close()
			t.Fatalf("%s: the text path took a file the harness cannot read (%v)", what, rerr)
		}
		return false
	}
	if opened == nil {
		return false
	}
	defer opened.Close()
	want, werr := comptest.SafeGrade(Competition, tb, answers)
	got, gerr := func() (s competition.Score, err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("PANIC: %v", r)
			}
		}()
		return opened.Grade(answers)
	}()
	if fmt.Sprint(gerr) != fmt.Sprint(werr) || (gerr == nil) != (werr == nil) {
		t.Fatalf("%s: text path error %v, general path %v", what, gerr, werr)
	}
	if werr == nil && (got.Kind != want.Kind || math.Float64bits(got.Value) != math.Float64bits(want.Value)) {
		t.Fatalf("%s: text path score %v (%.17g), general path %v (%.17g)", what, got, got.Value, want, want.Value)
	}
	return true
}

// randomHMFiles writes an answers file and a submission file of
// customers drawn from a small pool (so that they meet): duplicated and
// missing customers, customers not in the answers, NA strings and empty
// cells as ids and predictions, predictions with empty tokens, more than
// 12 tokens or a single number, columns in either order, and (with
// hostile) what the general read treats differently: quotes, '\r', NUL,
// invalid UTF-8, blank lines, short and long rows, a byte-order mark,
// extra columns, numeric ids.
func randomHMFiles(r *rand.Rand, dir string, rows int, hostile bool) (sub, ans string) {
	ids := []string{"a1f", "b2e", "c3d", "d4c", "e5b", "f6a", "0a7", "1b8", "2c9", "3d0", "é1", "x y"}
	if r.IntN(6) == 0 {
		ids = append(ids, "nan", "", "NA", "None")
	}
	if hostile && r.IntN(5) == 0 {
		ids = append(ids, "12", "7", "True", "\"q\"", "a\rb", "\xff", "a\x00b")
	}
	arts := []string{"0706016001", "706016001", "0372860002", "372860002", "0610776002", "", "nan", "x"}
	pred := func() string {
		switch r.IntN(8) {
		case 0:
			return ""
		case 1:
			return []string{"nan", "NA", "706016001", "1.5", "True"}[r.IntN(5)]
		}
		n := 1 + r.IntN(16)
		p := make([]string, n)
		for i := range p {
			p[i] = arts[r.IntN(len(arts))]
		}
		return strings.Join(p, " ")
	}
	write := func(name string, header []string, n int, idOf func(int) string) string {
		var b strings.Builder
		if hostile && r.IntN(10) == 0 {
			b.WriteString("\xef\xbb\xbf")
		}
		eol := "\n"
		if r.IntN(5) == 0 {
			eol = "\r\n"
		}
		b.WriteString(strings.Join(header, ",") + eol)
		for i := range n {
			cells := make([]string, len(header))
			for j, h := range header {
				switch h {
				case "customer_id":
					cells[j] = idOf(i)
				case "prediction":
					cells[j] = pred()
				default:
					cells[j] = "x"
				}
			}
			if hostile && r.IntN(100) == 0 {
				cells = cells[:len(cells)-1]
			}
			if hostile && r.IntN(100) == 0 {
				cells = append(cells, "z")
			}
			b.WriteString(strings.Join(cells, ",") + eol)
			if hostile && r.IntN(150) == 0 {
				b.WriteString(eol)
			}
		}
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(b.String()), 0o644)
		return p
	}
	// Answers: one row per customer of a subset, sorted as prepare
	// writes them, sometimes shuffled or with a customer twice.
	k := 1 + r.IntN(len(ids))
	chosen := r.Perm(len(ids))[:k]
	if r.IntN(2) == 0 {
		for i := range chosen {
			for j := i + 1; j < len(chosen); j++ {
				if ids[chosen[j]] < ids[chosen[i]] {
					chosen[i], chosen[j] = chosen[j], chosen[i]
				}
			}
		}
	}
	if r.IntN(6) == 0 {
		chosen = append(chosen, chosen[r.IntN(len(chosen))])
	}
	ansHeader := []string{"customer_id", "prediction"}
	ans = write("answers.csv", ansHeader, len(chosen), func(i int) string { return ids[chosen[i]] })
	subHeader := []string{"customer_id", "prediction"}
	if r.IntN(3) == 0 {
		subHeader = []string{"prediction", "customer_id"}
	}
	if hostile && r.IntN(8) == 0 {
		subHeader = append(subHeader, []string{"extra", "customer_id", ""}[r.IntN(3)])
	}
	var order []int
	switch r.IntN(3) {
	case 0: // every answers customer once, and others
		order = append(order, chosen...)
		for range rows {
			order = append(order, r.IntN(len(ids)))
		}
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	default:
		for range rows {
			order = append(order, r.IntN(len(ids)))
		}
	}
	sub = write("submission.csv", subHeader, len(order), func(i int) string { return ids[order[i]] })
	return sub, ans
}

// TestTextPathMatchesGrade compares the text path with Grade on the
// general path's table, on random and hostile submissions and answers
// (with the id hash's kept half shrunk to nothing for some, so that
// lookups walk past ids of the same hash half), large enough for some to
// be split across cores and batches.
func TestTextPathMatchesGrade(t *testing.T) {
	defer func(b uint64) { tagBits = b }(tagBits)
	rng := rand.New(rand.NewPCG(14, 1))
	took, left, scored := 0, 0, 0
	for iter := range 600 {
		tagBits = ^uint64(1<<32 - 1)
		if iter%4 == 3 {
			tagBits = 0
		}
		rows := rng.IntN(40)
		if iter%50 == 0 {
			rows = 9000 + rng.IntN(100)
		}
		dir := t.TempDir()
		sub, ans := randomHMFiles(rng, dir, rows, iter%2 == 1)
		if _, err := grade.LoadAnswers(Competition, ans); err != nil {
			continue // answers the harness cannot read: no grading
		}
		if gradeBothWays(t, sub, ans) {
			took++
			if s, err := grade.OpenSubmission(Competition, sub); err == nil {
				a, _ := grade.LoadAnswers(Competition, ans)
				if out := s.Call(a); out.Score != nil && *out.Score > 0 {
					scored++
				}
				s.Close()
			}
		} else {
			left++
		}
	}
	t.Logf("text path took %d files (%d with a positive score), left %d", took, scored, left)
	if took < 150 || left < 60 || scored < 50 {
		t.Fatalf("text path took %d files (%d scored above 0), left %d: the cases do not cover both paths", took, scored, left)
	}
}

// TestTextPathCases: the graded cases of testdata/grade, and files made
// from them (CRLF line ends, a byte-order mark, the columns swapped, a
// customer twice), agree on both paths.
func TestTextPathCases(t *testing.T) {
	dir := filepath.Join("testdata", "grade")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	ans := filepath.Join(dir, "answers.csv")
	took := 0
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".csv") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		lines := strings.SplitAfter(text, "\n")
		swapped := ""
		for _, l := range lines {
			if a, b, ok := strings.Cut(strings.TrimSuffix(l, "\n"), ","); ok {
				swapped += b + "," + a + "\n"
			}
		}
		variants := map[string]string{
			"":         text,
			"crlf":     strings.ReplaceAll(text, "\n", "\r\n"),
			"bom":      "\xef\xbb\xbf" + text,
			"swapped":  swapped,
			"repeated": text + strings.Join(lines[1:min(3, len(lines))], ""),
		}
		for v, body := range variants {
			p := filepath.Join(t.TempDir(), "sub.csv")
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Run(strings.TrimSuffix(e.Name(), ".csv")+"/"+v, func(t *testing.T) {
				if gradeBothWays(t, p, ans) {
					took++
				}
			})
		}
	}
	if took < 40 {
		t.Fatalf("the text path took only %d of the files", took)
	}
}

// TestAnswerIndexFindsEveryID: every id of the index is found with its
// rank and prediction, and ids that only share a prefix, or the hash half
// a slot keeps, are not.
func TestAnswerIndexFindsEveryID(t *testing.T) {
	defer func(b uint64) { tagBits = b }(tagBits)
	for _, bits := range []uint64{^uint64(1<<32 - 1), 0} {
		tagBits = bits
		ids := []string{"a", "ab", "abc", "b", "é", "0146392005", "x y", ""}
		preds := []string{"1 2", "", "3", "nan", "4 4", "5", "6", "7"}
		idCol := table.Strings("customer_id", ids)
		predCol := table.Strings("prediction", preds)
		order := sortText(idCol)
		x, ok := newAnswerIndex(idCol, predCol, order)
		if !ok {
			t.Fatal("plain text ids refused")
		}
		for rank, row := range order {
			h := maphash.String(x.seed, ids[row])
			var c [1]candidate
			x.probe([]uint64{h}, c[:])
			r, p, found := x.resolve(c[0], h, ids[row])
			if !found || int(r) != rank || p != preds[row] {
				t.Errorf("tag bits %x: %q: got (%d, %q, %v), want (%d, %q)", bits, ids[row], r, p, found, rank, preds[row])
			}
		}
		for _, id := range []string{"abcd", "c", "A", "0146392005 ", "xy"} {
			h := maphash.String(x.seed, id)
			var c [1]candidate
			x.probe([]uint64{h}, c[:])
			if _, _, found := x.resolve(c[0], h, id); found {
				t.Errorf("tag bits %x: %q found", bits, id)
			}
		}
	}
}

// TestTextPathNAIDs: an NA string is a missing id in a submission's text
// column, never an answers customer, even when the answers keep it as
// text (pandas keeps NA strings as text in a column of integers above
// int64's range: "nan" is then an answers id the submission cannot give).
func TestTextPathNAIDs(t *testing.T) {
	for name, tc := range map[string]struct{ sub, ans string }{
		"uint64_answers": {
			sub: "customer_id,prediction\nabc,1 2\nnan,1 2\n18446744073709551615,3 4\n",
			ans: "customer_id,prediction\n18446744073709551615,3\nnan,1\n",
		},
		"uint64_answers_na_last": {
			sub: "customer_id,prediction\nNA,1 2\nabc,1 2\n18446744073709551615,3 4\nnan,1\n",
			ans: "customer_id,prediction\n18446744073709551615,3\nNA,1\n",
		},
		"text_answers": {
			sub: "customer_id,prediction\nabc,1 2\nnan,1 2\n,5 6\n",
			ans: "customer_id,prediction\nabc,1\n",
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			sub, ans := filepath.Join(dir, "sub.csv"), filepath.Join(dir, "ans.csv")
			os.WriteFile(sub, []byte(tc.sub), 0o644)
			os.WriteFile(ans, []byte(tc.ans), 0o644)
			a, err := grade.LoadAnswers(Competition, ans)
			if err != nil {
				t.Fatal(err)
			}
			if c, _ := a.Col("customer_id"); !plainText(c) {
				t.Fatalf("answers ids %v (null %v): want plain text", c.Kind, c.Null)
			}
			if !gradeBothWays(t, sub, ans) {
				t.Fatal("the text path declined the submission")
			}
		})
	}
}

// TestTextPathFileShrunk: a submission cut short after it was opened is
// an error of the grading (an unexpected error, a null score), not a
// crash.
func TestTextPathFileShrunk(t *testing.T) {
	dir := t.TempDir()
	sub, ans := filepath.Join(dir, "sub.csv"), filepath.Join(dir, "ans.csv")
	var b strings.Builder
	b.WriteString("customer_id,prediction\n")
	for i := range 30000 {
		fmt.Fprintf(&b, "c%05d,0706016001 0372860002\n", i)
	}
	os.WriteFile(sub, []byte(b.String()), 0o644)
	os.WriteFile(ans, []byte("customer_id,prediction\nc00001,0706016001\nc29999,0372860002\n"), 0o644)
	answers, err := grade.LoadAnswers(Competition, ans)
	if err != nil {
		t.Fatal(err)
	}
	opened := openSubmission(sub)
	if opened == nil {
		t.Fatal("the text path declined the submission")
	}
	defer opened.Close()
	if err := os.Truncate(sub, 0); err != nil {
		t.Fatal(err)
	}
	if s, err := opened.Grade(answers); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
		t.Fatalf("got (%v, %v), want an unexpected error", s, err)
	}
}
