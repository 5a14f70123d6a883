package tensorflow2_question_answering

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// TestConformance runs the shared suite on the seed-0 fake raw data and
// compares every prepared file with testdata/golden_md5.json from
// testdata/reference_prepare.py (pandas read_json/to_json, scikit-learn).
func TestConformance(t *testing.T) {
	competitiontest.Run(t, Competition, competitiontest.Options{
		GoldScore: comptest.Ptr(1),
		GoldenMD5: filepath.Join("testdata", "golden_md5.json"),
	})
}

// TestEncoding: the to_json re-encoding of single values.
func TestEncoding(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"a":"x/y"}`, `{"a":"x\/y"}`},
		{`{"a":"\u00e9é😀"}`, `{"a":"\u00e9\u00e9\ud83d\ude00"}`},
		{"{\"a\":\"\x7f\\u001f\\b\\f\\n\\r\\t\\\"\\\\\\/\"}", "{\"a\":\"\x7f\\u001f\\b\\f\\n\\r\\t\\\"\\\\\\/\"}"},
		{`{ "a" : [ 1 , -0 , 18446744073709551615 , -9223372036854775808 , true , false , null , { } , [ ] ] }`,
			`{"a":[1,0,18446744073709551615,-9223372036854775808,true,false,null,{},[]]}`},
		{`{"a":{"k":1,"j":2,"k":3}}`, `{"a":{"k":3,"j":2}}`},
		{`{"a":1,"a":2}`, `{"a":2}`},
		{`{"a":18446744073709551616}`, "too big"},
		{`{"a":-9223372036854775809}`, "too big"},
		{`{"a":1.5}`, "non-integer"},
		{`{"a":"\ud800"}`, "surrogate"},
		{`{"a":"x"} x`, "trailing"},
		{`[1]`, "one JSON object"},
		{`{"a":01}`, "invalid number"},
		{"{\"a\":\"\xff\"}", "UTF-8"},
		{`{"a":"x`, "unterminated"},
		{`{"a":` + strings.Repeat("[", 300) + strings.Repeat("]", 300) + `}`, "nesting"},
	} {
		fields, err := topObject([]byte(tc.in))
		if err != nil {
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: error %v, want %q", tc.in, err, tc.want)
			}
			continue
		}
		r := row{fields: fields}
		var keys []string
		for _, f := range fields {
			keys = append(keys, f.key)
		}
		got := strings.TrimSuffix(string(r.appendJSON(nil, keys)), "\n")
		if got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.in, got, tc.want)
		}
	}
}

// TestPrepareRules: a one-line final chunk fails, blank lines fail, columns
// are the keys in order of first appearance in the chunk (as pandas builds
// them; checked with pandas) with null where a row lacks one, and a 3-line
// file splits 2/1 with
// RandomState(0).permutation(3) = [2, 1, 0] (test = row 2).
func TestPrepareRules(t *testing.T) {
	line := func(id int, extra string) string {
		return fmt.Sprintf(`{"document_text":"d%d","long_answer_candidates":[],"question_text":"q","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":%d,"end_token":9},"short_answers":[]}]%s,"example_id":%d}`, id, id, extra, id)
	}
	for _, tc := range []struct {
		name, raw, wantErr string
		train, test, gold  string
	}{
		{name: "three_lines", raw: line(1, "") + "\n" + line(2, `,"x":true`) + "\n" + line(3, "") + "\n",
			train: `{"document_text":"d2","long_answer_candidates":[],"question_text":"q","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":2,"end_token":9},"short_answers":[]}],"example_id":"2","x":true}` + "\n" +
				`{"document_text":"d1","long_answer_candidates":[],"question_text":"q","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":9},"short_answers":[]}],"example_id":"1","x":null}` + "\n",
			test: `{"example_id":"3","question_text":"q","document_text":"d3","long_answer_candidates":[]}` + "\n",
			gold: "example_id,PredictionString\n3_short,\n3_long,3:9\n"},
		{name: "no_trailing_newline", raw: line(1, "") + "\n" + line(2, "") + "\r\n" + line(3, ""),
			test: `{"example_id":"3","question_text":"q","document_text":"d3","long_answer_candidates":[]}` + "\n"},
		{name: "single_line", raw: line(1, "") + "\n", wantErr: "splitting 1 rows"},
		{name: "blank_line", raw: line(1, "") + "\n\n" + line(2, "") + "\n", wantErr: "blank line"},
		{name: "two_annotations", raw: strings.Replace(line(1, "")+"\n"+line(2, "")+"\n", `"short_answers":[]}]`, `"short_answers":[]},{}]`, -1), wantErr: "exactly one"},
		{name: "missing_key", raw: strings.Replace(line(1, "")+"\n"+line(2, "")+"\n", `"question_text"`, `"question"`, -1), wantErr: "question_text"},
		{name: "string_example_id", raw: strings.Replace(line(1, "")+"\n"+line(2, "")+"\n", `"example_id":2`, `"example_id":"2"`, 1), wantErr: "example_id"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			for _, p := range []string{d.Raw, d.Public, d.Private} {
				os.MkdirAll(p, 0o755)
			}
			os.WriteFile(filepath.Join(d.Raw, "simplified-nq-train.jsonl"), []byte(tc.raw), 0o644)
			err := Prepare(context.Background(), d)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("got %v, want an error containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for path, want := range map[string]string{
				filepath.Join(d.Public, "simplified-nq-train.jsonl"): tc.train,
				filepath.Join(d.Public, "simplified-nq-test.jsonl"):  tc.test,
				filepath.Join(d.Private, "gold_submission.csv"):      tc.gold,
			} {
				if want == "" {
					continue
				}
				if b, _ := os.ReadFile(path); string(b) != want {
					t.Errorf("%s:\n%s\nwant:\n%s", filepath.Base(path), b, want)
				}
			}
		})
	}
}

// TestPrepareCancel: a cancelled context stops prepare without hanging.
func TestPrepareCancel(t *testing.T) {
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: 3002}); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(d.Public, 0o755)
	os.MkdirAll(d.Private, 0o755)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Prepare(ctx, d); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}

// TestGradeReference grades every case of testdata/grade against the
// outcome and score of reference_grade.py.
func TestGradeReference(t *testing.T) {
	dir := filepath.Join("testdata", "grade")
	b, err := os.ReadFile(filepath.Join(dir, "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases map[string]comptest.GradeCase
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	answers, err := grade.LoadAnswers(Competition, filepath.Join(dir, "test.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range cases {
		t.Run(name, func(t *testing.T) {
			sub, err := grade.ReadSubmission(filepath.Join(dir, name+".csv"))
			if err != nil {
				t.Fatal(err)
			}
			s, err := safeGrade(sub, answers)
			switch want.Outcome {
			case "valid":
				if err != nil {
					t.Fatalf("grade error %v, want a score", err)
				}
				if s.Kind != competition.NumpyFloat64 {
					t.Errorf("score kind %v, want numpy float64", s.Kind)
				}
				if math.Abs(s.Value-*want.Score) > 1e-9 {
					t.Errorf("score %.17g, want %.17g", s.Value, *want.Score)
				}
			case "invalid":
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("got (%v, %v), want an invalid submission", s, err)
				}
			default:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("got (%v, %v), want an error that is not an invalid submission", s, err)
				}
			}
		})
	}
}

func safeGrade(sub, answers *table.Table) (competition.Score, error) {
	return comptest.SafeGrade(Competition, sub, answers)
}

// TestPyInt: Python int() on ASCII text.
func TestPyInt(t *testing.T) {
	for _, tc := range []struct {
		in       string
		dec      string
		ok, fits bool
	}{
		{"12", "12", true, true}, {" +1_000 ", "1000", true, true}, {"-0", "0", true, true}, {"007", "7", true, true},
		{"1__0", "", false, false}, {"_1", "", false, false}, {"1_", "", false, false}, {"", "", false, false}, {"+", "", false, false},
		{"1.0", "", false, false}, {"0x1", "", false, false}, {"\u00a012\u2003", "12", true, true},
		{"9223372036854775807", "9223372036854775807", true, true}, {"-9223372036854775808", "-9223372036854775808", true, true},
		{"9223372036854775808", "", true, false}, {"123456789012345678901", "", true, false},
	} {
		dec, ok, fits := pyInt(tc.in)
		if dec != tc.dec || ok != tc.ok || fits != tc.fits {
			t.Errorf("pyInt(%q) = %q, %v, %v; want %q, %v, %v", tc.in, dec, ok, fits, tc.dec, tc.ok, tc.fits)
		}
	}
}

// TestGradeMalformed: odd submissions never panic and never score.
func TestGradeMalformed(t *testing.T) {
	answers, err := grade.LoadAnswers(Competition, filepath.Join("testdata", "grade", "test.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	gold, err := os.ReadFile(filepath.Join("testdata", "grade", "gold.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(gold), "\n"), "\n")
	for name, text := range map[string]string{
		"numeric_ids": "example_id,PredictionString\n" + strings.Repeat("1,1:2\n", len(lines)-1),
		"missing_id":  strings.Replace(string(gold), lines[3], ","+strings.SplitN(lines[3], ",", 2)[1], 1),
		"only_header": lines[0] + "\n",
		"float_spans": "example_id,PredictionString\n" + strings.Repeat("x,1.5\n", len(lines)-1),
		"colon_only":  strings.Replace(string(gold), lines[2], strings.SplitN(lines[2], ",", 2)[0]+",:", 1),
	} {
		t.Run(name, func(t *testing.T) {
			sub, err := table.ReadBytes([]byte(text), table.ReadOptions{})
			if err != nil {
				return
			}
			if s, err := safeGrade(sub, answers); err == nil || strings.HasPrefix(err.Error(), "PANIC") {
				t.Errorf("got (%v, %v), want no score and no panic", s, err)
			}
		})
	}
	comptest.FuzzNoPanic(t, Competition, answers, string(gold), competition.NumpyFloat64)
}
