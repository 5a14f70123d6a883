package movie_review_sentiment_analysis_kernels_only

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

const testID = "movie-review-sentiment-analysis-kernels-only"

// TestConformance runs the suite on the seed-0 fake data (200
// rows, 60 answers) and compares the prepared tree with
// reference_prepared.json, which reference_prepare.py (pandas read_csv
// sep="\t", train_test_split, to_csv, shutil.make_archive) produced from the
// same raw data: the CSV md5s and the md5 of each zip member. The fake
// phrases exercise quoted fields, text after a closing quote, NA tokens and
// inner quotes. The all-2 sample scores 11/60 there.
func TestConformance(t *testing.T) {
	sample, one := 0.18333, 1.0
	impl := Competition
	dir := filepath.Join("testdata")
	p := competitiontest.Run(t, impl, competitiontest.Options{SampleScore: &sample, GoldScore: &one})
	comptest.CheckReferencePrepared(t, filepath.Join(p.DataDir, p.Info.ID, "prepared"), filepath.Join(dir, "reference_prepared.json"))
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, dir)
	})
	t.Run("malformed", func(t *testing.T) {
		comptest.MalformedFromAnswers(t, impl, p.Paths.Answers, "PhraseId", "Sentiment")
	})
}

// TestGrade covers the spec's Grade rules on a hand-made table.
func TestGrade(t *testing.T) {
	multi := comptest.Table(t, "PhraseId,SentenceId,Phrase,Sentiment\n10,1,a,0\n11,1,b,4\n12,2,c,2\n13,2,d,3\n")
	binary := comptest.Table(t, "PhraseId,SentenceId,Phrase,Sentiment\n10,1,a,1\n11,1,b,2\n12,2,c,1\n13,2,d,2\n")
	for _, tc := range []struct {
		name     string
		ans, sub string
		want     float64 // -1 invalid, -2 other error
	}{
		{"perfect, other order", "m", "PhraseId,Sentiment\n13,3\n12,2\n11,4\n10,0\n", 1},
		{"ids sort numerically", "m", "PhraseId,Sentiment\n10,0\n11,4\n12,0\n13,0\n", 0.5},
		{"integral floats", "m", "PhraseId,Sentiment\n10,0.0\n11,4.0\n12,1.0\n13,1.0\n", 0.5},
		{"text is wrong (multiclass)", "m", "PhraseId,Sentiment\n10,0\n11,4\n12,two\n13,3\n", 0},
		{"text raises (binary)", "b", "PhraseId,Sentiment\n10,x\n11,2\n12,x\n13,2\n", -2},
		{"non-integral float", "m", "PhraseId,Sentiment\n10,0.5\n11,4\n12,2\n13,3\n", -2},
		{"1. row count", "m", "PhraseId,Sentiment\n10,0\n", -1},
		{"2. no Sentiment", "m", "PhraseId,sentiment\n10,0\n11,4\n12,2\n13,3\n", -1},
		{"3. no PhraseId", "m", "Id,Sentiment\n10,0\n11,4\n12,2\n13,3\n", -1},
		{"4. ids differ", "m", "PhraseId,Sentiment\n10,0\n11,4\n12,2\n14,3\n", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ans := multi
			if tc.ans == "b" {
				ans = binary
			}
			s, err := Grade(comptest.Table(t, tc.sub), ans)
			switch {
			case tc.want == -1:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
			case tc.want == -2:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want a non-invalid error", err)
				}
			default:
				if err != nil {
					t.Fatal(err)
				}
				if s.Value != tc.want || s.Kind != competition.PyFloat {
					t.Fatalf("score %v kind %v, want %v (Python float)", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}

// TestPrepareErrors: raw files the original's prepare fails on.
func TestPrepareErrors(t *testing.T) {
	head := "PhraseId\tSentenceId\tPhrase\tSentiment\n"
	for _, tc := range []struct{ name, tsv string }{
		{"unclosed quote (EOF inside string)", head + "1\t1\tok\t1\n2\t1\t\"never closed\t2\n3\t1\tx\t3\n"},
		{"duplicate PhraseId", head + "1\t1\ta\t1\n1\t1\tb\t2\n1\t1\tc\t3\n1\t2\td\t4\n"},
		{"extra column", "PhraseId\tSentenceId\tPhrase\tSentiment\tX\n1\t1\ta\t1\t0\n2\t1\tb\t2\t0\n3\t1\tc\t3\t0\n"},
		{"one row", head + "1\t1\ta\t1\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			for _, p := range []string{d.Public, d.Private} {
				if err := os.MkdirAll(p, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := synth.WriteZip(filepath.Join(d.Raw, "train.tsv.zip"), []synth.ZipEntry{{Name: "train.tsv", Data: []byte(tc.tsv)}}); err != nil {
				t.Fatal(err)
			}
			if err := Prepare(context.Background(), d); err == nil {
				t.Fatal("prepare succeeded")
			}
		})
	}
}
