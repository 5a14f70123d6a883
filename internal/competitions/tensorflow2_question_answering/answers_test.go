package tensorflow2_question_answering

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// answerByUnmarshal decodes a line with encoding/json as LoadAnswers did
// before its scanner, except that the top level is read into a map (keys
// match exactly and the last of a repeated key wins, as in json.loads;
// decoding into a struct matched keys case-insensitively and merged
// repeated "annotations") and invalid UTF-8 is refused (as Python's text
// mode refuses it; encoding/json replaced it). It is the reference the
// scanner must agree with.
func answerByUnmarshal(line []byte) (answerRow, error) {
	if !utf8.Valid(line) {
		return answerRow{}, errors.New("invalid UTF-8")
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(line, &top); err != nil {
		return answerRow{}, err
	}
	var a answerRow
	if err := json.Unmarshal(top["example_id"], &a.id); err != nil {
		return answerRow{}, fmt.Errorf("example_id: %w", err)
	}
	var anns []map[string]json.RawMessage
	if err := json.Unmarshal(top["annotations"], &anns); err != nil {
		return answerRow{}, fmt.Errorf("annotations: %w", err)
	}
	if len(anns) == 0 {
		return answerRow{}, errors.New("no annotation")
	}
	ann, err := parseAnnotation(anns[0])
	if err != nil {
		return answerRow{}, err
	}
	a.yesNo = ann.yesNo
	if ann.longStart != "-1" {
		a.long = ann.longStart + ":" + ann.longEnd
	}
	a.short = strings.Join(ann.short, " ")
	return a, nil
}

// checkSameAnswer fails unless the scanner and the reference give the same
// row or both an error.
func checkSameAnswer(t *testing.T, line string) {
	t.Helper()
	got, gotErr := parseAnswer([]byte(line))
	want, wantErr := answerByUnmarshal([]byte(line))
	switch {
	case (gotErr == nil) != (wantErr == nil):
		t.Errorf("line %q:\nscanner   %+v, %v\nreference %+v, %v", line, got, gotErr, want, wantErr)
	case gotErr == nil && got != want:
		t.Errorf("line %q:\nscanner   %+v\nreference %+v", line, got, want)
	}
}

// answerLineCases are hand-written lines, most of them hostile.
var answerLineCases = []string{
	`{"example_id":"1","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":-1,"end_token":-1},"short_answers":[]}]}`,
	`{"example_id":"-7","annotations":[{"yes_no_answer":"YES","long_answer":{"start_token":3,"end_token":9},"short_answers":[{"start_token":4,"end_token":5},{"end_token":7,"start_token":6}]}]}`,
	` {"example_id" : "2" , "annotations" : [ { "yes_no_answer" : "NO" , "long_answer" : { "start_token" : 0 , "end_token" : 1 } , "short_answers" : [ ] } ] } ` + "\t\r\n",
	// example_id as a number, null, an escaped string, another type.
	`{"example_id":5,"annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":2},"short_answers":[]}]}`,
	`{"example_id":null,"annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":2},"short_answers":[]}]}`,
	`{"example_id":"\u002d1\ud83d\ude00\ud800x\/","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":2},"short_answers":[]}]}`,
	`{"example_id":"\udc00\ud800\ud800\udc00","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":2},"short_answers":[]}]}`,
	`{"example_id":["1"],"annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":2},"short_answers":[]}]}`,
	`{"example_id":true,"annotations":[]}`,
	// Missing or odd annotations.
	`{"example_id":"1"}`,
	`{"example_id":"1","annotations":null}`,
	`{"example_id":"1","annotations":[]}`,
	`{"example_id":"1","annotations":[null]}`,
	`{"example_id":"1","annotations":{}}`,
	`{"example_id":"1","annotations":"x"}`,
	`{"example_id":"1","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":2},"short_answers":[]},7]}`,
	`{"example_id":"1","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":2},"short_answers":[]},null,{}]}`,
	`{"example_id":"1","annotations":[{"long_answer":{"start_token":1,"end_token":2},"short_answers":[]}]}`,
	`{"example_id":"1","annotations":[{"yes_no_answer":null,"long_answer":{"start_token":1,"end_token":2},"short_answers":null}]}`,
	`{"example_id":"1","annotations":[{"yes_no_answer":1,"long_answer":{"start_token":1,"end_token":2},"short_answers":[]}]}`,
	`{"example_id":"1","annotations":[{"yes_no_answer":"N\u004fNE","long_answer":{"start_token":1,"end_token":2},"short_answers":[]}]}`,
	`{"example_id":"1","annotations":[{"yes_no_answer":"NONE","long_answer":null,"short_answers":[]}]}`,
	`{"example_id":"1","annotations":[{"yes_no_answer":"NONE","long_answer":[],"short_answers":[]}]}`,
	`{"example_id":"1","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1},"short_answers":[]}]}`,
	`{"example_id":"1","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":2},"short_answers":[null]}]}`,
	`{"example_id":"1","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":2},"short_answers":[3]}]}`,
	`{"example_id":"1","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":2},"short_answers":{}}]}`,
	// Token values: -0, int64 bounds, beyond them, fractions, strings.
	`{"example_id":"1","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":-0,"end_token":9223372036854775807},"short_answers":[{"start_token":-9223372036854775808,"end_token":0}]}]}`,
	`{"example_id":"1","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":9223372036854775808,"end_token":1},"short_answers":[]}]}`,
	`{"example_id":"1","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1.0,"end_token":1},"short_answers":[]}]}`,
	`{"example_id":"1","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1e2,"end_token":1},"short_answers":[]}]}`,
	`{"example_id":"1","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":"1","end_token":1},"short_answers":[]}]}`,
	// Repeated keys keep the last value; escaped keys match.
	`{"example_id":"1","example_id":"2","annotations":[{"yes_no_answer":"YES"}],"annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":2},"short_answers":[]}]}`,
	`{"example_id":"1","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":2},"short_answers":[]}],"annotations":[{"foo":1}]}`,
	`{"example\u005fid":"3","\u0061nnotations":[{"yes_no_answer":"NONE","yes_no_answer":"NO","long_answer":{"start_token":1,"end_token":2,"start_token":5},"short_answers":[{"start_token":1,"end_token":2}],"short_answers":[]}]}`,
	`{"Example_ID":"3","example_id":"4","ANNOTATIONS":[],"annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":2},"short_answers":[]}]}`,
	`{"EXAMPLE_ID":"3","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":2},"short_answers":[]}]}`,
	// Invalid JSON and truncations.
	``, ` `, `null`, `[]`, `"x"`, `1`, `{`, `{"example_id"`, `{"example_id":`, `{"example_id":"1"`, `{"example_id":"1",}`,
	`{"example_id":"1"}}`, `{"example_id":"1"} {}`, `{"example_id":'1'}`, `{example_id:"1"}`, `{"a":01}`, `{"a":-}`, `{"a":1.}`,
	`{"a":.5}`, `{"a":1e}`, `{"a":+1}`, `{"a":NaN}`, `{"a":Infinity}`, `{"a":-Infinity}`, `{"a":tru}`, `{"a":nul}`, `{"a":[1,]}`,
	`{"a":[,1]}`, `{"a":"\x"}`, `{"a":"\u12"}`, `{"a":"\u12g4"}`, "{\"a\":\"\x01\"}", "{\"a\":\"\x7f\"}", "{\"a\":\"tab\there\"}",
	`{"a":"\`, `{"a":"\u`, "\ufeff{}", "{\"a\":\"\xff\"}", "{\"a\":1}\xc3", "{\"a\":\"\xed\xa0\x80\"}", "{\"a\":\"\xf4\x90\x80\x80\"}",
	"{\"a\":1,\x00\"b\":2}", "{\"a\":1\v}", "{\"a\":1\f}",
	`{"a":{"b":[true,false,null,-1.5e+10,0.0,"x"]},"example_id":"1","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":2},"short_answers":[]}]}`,
}

// nested wraps an answer line's extra member in depth arrays.
func nested(depth int) string {
	return `{"example_id":"1","x":` + strings.Repeat("[", depth) + strings.Repeat("]", depth) +
		`,"annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":2},"short_answers":[]}]}`
}

// TestAnswerLineCases: the scanner agrees with encoding/json on
// hand-written lines and on nesting at encoding/json's depth limit.
func TestAnswerLineCases(t *testing.T) {
	for _, line := range answerLineCases {
		checkSameAnswer(t, line)
	}
	for _, depth := range []int{1, 100, maxNesting - 2, maxNesting - 1, maxNesting, maxNesting + 5} {
		checkSameAnswer(t, nested(depth))
	}
	// The two depths around the limit decide differently, so the check
	// above compares both outcomes.
	if _, err := parseAnswer([]byte(nested(maxNesting - 1))); err != nil {
		t.Errorf("depth %d refused: %v", maxNesting-1, err)
	}
	if _, err := parseAnswer([]byte(nested(maxNesting))); err == nil {
		t.Errorf("depth %d accepted", maxNesting)
	}
}

// TestAnswerLineRandom: the scanner agrees with encoding/json on generated
// lines shaped like test.jsonl ones and on their mutations (truncated,
// bytes removed, inserted or replaced).
func TestAnswerLineRandom(t *testing.T) {
	g := lineGen{rand.New(rand.NewPCG(14, 2))}
	n := 20000
	if testing.Short() {
		n = 2000
	}
	valid := 0
	for range n {
		line := g.line()
		if _, err := answerByUnmarshal([]byte(line)); err == nil {
			valid++
		}
		// The line, and the line without control characters (whitespace
		// only in the generated lines), which the scanner reads on a
		// faster path; then mutations of both.
		spaced := strings.NewReplacer("\t", " ", "\r", " ", "\n", " ").Replace(line)
		for _, l := range []string{line, spaced} {
			checkSameAnswer(t, l)
			checkSameAnswer(t, g.mutate(l))
		}
		if t.Failed() {
			return
		}
	}
	// Most generated lines must be valid, so that decoding is compared,
	// not only the decision to refuse.
	if valid < n/2 {
		t.Errorf("only %d of %d generated lines are valid", valid, n)
	}
}

// FuzzAnswerLine: the scanner agrees with encoding/json.
func FuzzAnswerLine(f *testing.F) {
	for _, line := range answerLineCases {
		f.Add(line)
	}
	g := lineGen{rand.New(rand.NewPCG(3, 4))}
	for range 20 {
		f.Add(g.line())
	}
	f.Fuzz(func(t *testing.T, line string) {
		checkSameAnswer(t, line)
	})
}

// lineGen writes random test.jsonl-like lines: mostly well-formed answers,
// with odd types, repeated and escaped keys, escapes of every kind and
// random whitespace mixed in.
type lineGen struct{ r *rand.Rand }

func (g lineGen) one(p float64) bool { return g.r.Float64() < p }

func (g lineGen) ws() string {
	if g.one(0.8) {
		return ""
	}
	return []string{" ", "\t", "\r", "\n", "  "}[g.r.IntN(5)]
}

// key writes a member name, sometimes escaped or miscased.
func (g lineGen) key(name string) string {
	switch {
	case g.one(0.01):
		return `"` + strings.ToUpper(name[:1]) + name[1:] + `"`
	case g.one(0.05):
		i := g.r.IntN(len(name))
		return fmt.Sprintf(`"%s\u%04x%s"`, name[:i], name[i], name[i+1:])
	}
	return `"` + name + `"`
}

// object writes the members in a random order, some repeated (the value
// written last is the one kept) and some missing.
func (g lineGen) object(members map[string]func() string) string {
	var parts []string
	for name, value := range members { // map order is random
		if g.one(0.01) {
			continue
		}
		if g.one(0.05) {
			parts = append(parts, g.ws()+g.key(name)+g.ws()+":"+g.ws()+value())
		}
		parts = append(parts, g.ws()+g.key(name)+g.ws()+":"+g.ws()+value()+g.ws())
	}
	return "{" + strings.Join(parts, ",") + g.ws() + "}"
}

func (g lineGen) list(n int, elem func() string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = g.ws() + elem() + g.ws()
	}
	return "[" + strings.Join(parts, ",") + "]"
}

func (g lineGen) line() string {
	return g.ws() + g.object(map[string]func() string{
		"example_id":             g.exampleID,
		"annotations":            g.annotations,
		"document_text":          g.text,
		"question_text":          g.text,
		"document_url":           g.text,
		"long_answer_candidates": func() string { return g.list(g.r.IntN(3), g.span) },
		"extra":                  func() string { return g.value(4) },
	}) + g.ws()
}

func (g lineGen) exampleID() string {
	if g.one(0.9) {
		return fmt.Sprintf(`"%d"`, g.r.Int64()-g.r.Int64())
	}
	return []string{`5`, `-0`, `null`, `"\u002d12"`, `"\ud800"`, `"a\"b"`, `{}`, `["1"]`, `true`, `""`, `1.5`}[g.r.IntN(11)]
}

func (g lineGen) annotations() string {
	if g.one(0.9) {
		return g.list(1+g.r.IntN(2), g.annotation)
	}
	return []string{`[]`, `null`, `[null]`, `{}`, `"x"`, `[1]`, `[[]]`, `[{}]`}[g.r.IntN(8)]
}

func (g lineGen) annotation() string {
	if g.one(0.02) {
		return []string{`null`, `3`, `"a"`}[g.r.IntN(3)]
	}
	return g.object(map[string]func() string{
		"yes_no_answer": func() string {
			if g.one(0.9) {
				return []string{`"NONE"`, `"YES"`, `"NO"`}[g.r.IntN(3)]
			}
			return []string{`null`, `1`, `"N\u004fNE"`, `"maybe"`, `""`, `["YES"]`}[g.r.IntN(6)]
		},
		"long_answer": g.span,
		"short_answers": func() string {
			if g.one(0.95) {
				return g.list(g.r.IntN(4), g.span)
			}
			return []string{`null`, `{}`, `[null]`, `[1]`, `"x"`}[g.r.IntN(5)]
		},
		"annotation_id": func() string { return fmt.Sprint(g.r.Uint64()) },
	})
}

func (g lineGen) span() string {
	if g.one(0.02) {
		return []string{`null`, `[]`, `1`, `"1:2"`}[g.r.IntN(4)]
	}
	return g.object(map[string]func() string{
		"start_token":     g.token,
		"end_token":       g.token,
		"start_byte":      g.token,
		"end_byte":        g.token,
		"candidate_index": g.token,
	})
}

func (g lineGen) token() string {
	if g.one(0.97) {
		if g.one(0.3) {
			return "-1"
		}
		return fmt.Sprint(g.r.IntN(5000))
	}
	return []string{`-0`, `9223372036854775807`, `-9223372036854775808`, `9223372036854775808`,
		`18446744073709551615`, `1.0`, `1e3`, `"5"`, `null`, `true`, `0`}[g.r.IntN(11)]
}

// text writes a string with escapes of every kind and raw non-ASCII.
func (g lineGen) text() string {
	var b strings.Builder
	b.WriteByte('"')
	for range g.r.IntN(40) {
		switch k := g.r.IntN(20); {
		case k < 10:
			b.WriteString([]string{"word ", "<P>", "a", "Z\u00fcrich", "\u0395\u03bb", "\U0001F600", "\x7f", "'"}[g.r.IntN(8)])
		case k < 17:
			b.WriteString([]string{`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u00e9`, `\u0000`, `\ud83d\ude00`, `\uD83D\uDE00`, `\ud800`, `\udc00x`, `\uffff`}[g.r.IntN(15)])
		default:
			fmt.Fprintf(&b, `\u%04x`, g.r.IntN(0x10000))
		}
	}
	b.WriteByte('"')
	return b.String()
}

// value writes any JSON value at most depth levels deep.
func (g lineGen) value(depth int) string {
	k := g.r.IntN(8)
	if depth == 0 {
		k %= 5
	}
	switch k {
	case 0:
		return g.text()
	case 1:
		return []string{`0`, `-0`, `12`, `-3.25`, `1e10`, `2E-3`, `0.5e+7`, `123456789012345678901234567890`}[g.r.IntN(8)]
	case 2:
		return []string{`true`, `false`, `null`}[g.r.IntN(3)]
	case 3:
		return g.token()
	case 4:
		return `""`
	case 5, 6:
		return g.list(g.r.IntN(4), func() string { return g.value(depth - 1) })
	}
	return g.object(map[string]func() string{
		"a": func() string { return g.value(depth - 1) },
		"b": func() string { return g.value(depth - 1) },
	})
}

// mutate damages a line: truncates it, or removes, inserts or replaces a
// byte (bytes that matter to JSON or UTF-8).
func (g lineGen) mutate(line string) string {
	if line == "" {
		return "{"
	}
	special := []string{`"`, `\`, `{`, `}`, `[`, `]`, `,`, `:`, `0`, `-`, `.`, `e`, ` `, `u`, "\x00", "\x1f", "\x80", "\xff", "\xc3", "n", "t"}
	i := g.r.IntN(len(line))
	switch g.r.IntN(4) {
	case 0:
		return line[:i]
	case 1:
		return line[:i] + line[i+1:]
	case 2:
		return line[:i] + special[g.r.IntN(len(special))] + line[i:]
	}
	return line[:i] + special[g.r.IntN(len(special))] + line[i+1:]
}

// TestLoadAnswersLines: lines end as in Python's text mode, every line
// must hold an object (a blank line too), errors name the line, and a
// line longer than the read buffer is read whole.
func TestLoadAnswersLines(t *testing.T) {
	ans := func(id string) string {
		return `{"example_id":"` + id + `","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_token":1,"end_token":2},"short_answers":[{"start_token":1,"end_token":2}]}]}`
	}
	long := `{"document_text":"` + strings.Repeat(`<P> \/ \u00e9 x`, 60000) + `",` + ans("9")[1:]
	for _, tc := range []struct {
		name, text string
		ids        []string
		wantErr    string
	}{
		{name: "lf", text: ans("1") + "\n" + ans("2") + "\n", ids: []string{"1", "2"}},
		{name: "no_final_newline", text: ans("1") + "\n" + ans("2"), ids: []string{"1", "2"}},
		{name: "crlf", text: ans("1") + "\r\n" + ans("2") + "\r\n", ids: []string{"1", "2"}},
		{name: "cr", text: ans("1") + "\r" + ans("2") + "\r", ids: []string{"1", "2"}},
		{name: "mixed", text: ans("1") + "\r" + ans("2") + "\r\n" + ans("3") + "\n" + ans("4"), ids: []string{"1", "2", "3", "4"}},
		{name: "empty", text: "", ids: nil},
		{name: "long_line", text: ans("1") + "\n" + long + "\n" + ans("2") + "\n", ids: []string{"1", "9", "2"}},
		{name: "blank_line", text: ans("1") + "\n\n" + ans("2") + "\n", wantErr: "line 2:"},
		{name: "final_blank_line", text: ans("1") + "\n" + ans("2") + "\n\n", wantErr: "line 3:"},
		{name: "space_line", text: ans("1") + "\n \n", wantErr: "line 2:"},
		{name: "cr_splits_object", text: `{"example_id":"1",` + "\r" + ans("2")[1:] + "\n", wantErr: "line 1:"},
		{name: "crcr", text: ans("1") + "\r\r" + ans("2"), wantErr: "line 2:"},
		{name: "bad_third_line", text: ans("1") + "\r\n" + ans("2") + "\r" + `{"example_id":"3"}` + "\n", wantErr: "line 3: no annotation"},
		{name: "invalid_utf8", text: ans("1") + "\n" + ans("\xff") + "\n", wantErr: "line 2: invalid UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "test.jsonl")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			tb, err := LoadAnswers(path)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("got error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tb.Len() != len(tc.ids) {
				t.Fatalf("%d rows, want %d", tb.Len(), len(tc.ids))
			}
			ids, _ := tb.Col("example_id")
			short, _ := tb.Col("short")
			for i, id := range tc.ids {
				if ids.Str(i) != id || short.Str(i) != "1:2" {
					t.Errorf("row %d: id %q short %q, want %q and 1:2", i, ids.Str(i), short.Str(i), id)
				}
			}
		})
	}
}
