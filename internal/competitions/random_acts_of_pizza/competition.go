package random_acts_of_pizza

// random-acts-of-pizza — spec: ../shared/spec/competitions/random-acts-of-pizza.md
//
// Quirks reproduced:
//   - raw/train.json and raw/test.json are plain JSON arrays read as Python's
//     json.load reads them (object key order kept; ints arbitrary precision;
//     floats through float(); lone surrogate escapes kept); only the length
//     and the key list of the first test object are used from test.json;
//   - all train objects must share one key set, all test objects another
//     (asserted); every test key must exist in the train objects;
//   - train_test_split(train, test_size=len(test)/(len(train)+len(test)),
//     random_state=0) on the list;
//   - public/train.json and public/test.json are json.dump(indent=4) output
//     (ensure_ascii, no key sorting, Python float repr, no final newline);
//     test objects keep only the test keys, in test[0]'s order;
//   - public/train.zip and public/test.zip hold train.json / test.json (the
//     .json files stay too);
//   - answers: request_id and int(requester_received_pizza); the sample
//     predicts 0 (an int) everywhere; the leaking giver_username_if_known
//     field is kept;
//   - grading: prepare_for_auroc_metric + roc_auc_score (numpy float64).

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/bigcsv"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/pyjson"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "random-acts-of-pizza",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

const (
	idCol  = "request_id"
	target = "requester_received_pizza"
)

// split is train_test_split(train_list, test_size=ratio,
// random_state=0) with ratio = nTestRaw / (nTrain + nTestRaw).
func split(nTrain, nTestRaw int) (train, test []int, err error) {
	ratio := float64(nTestRaw) / float64(nTrain+nTestRaw)
	return pyrand.TrainTestSplit(nTrain, pyrand.SplitOptions{TestSize: pyrand.Fraction(ratio), RandomState: 0})
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	trainList, err := loadArray(filepath.Join(d.Raw, "train.json"))
	if err != nil {
		return err
	}
	testList, err := loadArray(filepath.Join(d.Raw, "test.json"))
	if err != nil {
		return err
	}
	if len(trainList) == 0 || len(testList) == 0 {
		return fmt.Errorf("train.json and test.json must be non-empty arrays (IndexError)")
	}
	if err := sameKeys(trainList, "train.json"); err != nil {
		return err
	}
	if err := sameKeys(testList, "test.json"); err != nil {
		return err
	}
	var testFields []string
	for _, m := range testList[0] {
		testFields = append(testFields, m.key)
	}
	train, test, err := split(len(trainList), len(testList))
	if err != nil {
		return err
	}
	newTrain := make([]object, len(train))
	for i, r := range train {
		newTrain[i] = trainList[r]
	}
	newTest := make([]object, len(test))
	stripped := make([]object, len(test))
	for i, r := range test {
		newTest[i] = trainList[r]
		for _, k := range testFields {
			v, ok := newTest[i].get(k)
			if !ok {
				return fmt.Errorf("KeyError: '%s' (a test key missing from the train objects)", k)
			}
			stripped[i] = append(stripped[i], jsonMember{k, v})
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		list []object
	}{{"train", newTrain}, {"test", stripped}} {
		out, err := pyjson.Marshal(arrayValue(f.list), pyjson.Options{Indent: 4})
		if err != nil {
			return err
		}
		jsonPath := filepath.Join(d.Public, f.name+".json")
		if err := os.WriteFile(jsonPath, out, 0o644); err != nil {
			return err
		}
		member := zipfile.Source{Name: f.name + ".json", Open: func() (io.ReadCloser, error) { return os.Open(jsonPath) }}
		if err := zipfile.Write(ctx, filepath.Join(d.Public, f.name+".zip"), []zipfile.Source{member}); err != nil {
			return err
		}
	}
	var ans, sample bytes.Buffer
	ans.WriteString(idCol + "," + target + "\n")
	sample.WriteString(idCol + "," + target + "\n")
	for _, obj := range newTest {
		idVal, ok := obj.get(idCol)
		if !ok {
			return fmt.Errorf("KeyError: '%s'", idCol)
		}
		label, ok := obj.get(target)
		if !ok {
			return fmt.Errorf("KeyError: '%s'", target)
		}
		y, err := pyInt(label)
		if err != nil {
			return err
		}
		id, err := csvCell(idVal)
		if err != nil {
			return err
		}
		ans.WriteString(id + "," + y + "\n")
		sample.WriteString(id + ",0\n")
	}
	if err := os.WriteFile(filepath.Join(d.Private, "test.csv"), ans.Bytes(), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(d.Public, "sampleSubmission.csv"), sample.Bytes(), 0o644)
}

func sameKeys(list []object, name string) error {
	first := map[string]bool{}
	for _, m := range list[0] {
		first[m.key] = true
	}
	for i, obj := range list {
		if len(obj) != len(first) {
			return fmt.Errorf("%s: object %d has a different key set than the first", name, i)
		}
		for _, m := range obj {
			if !first[m.key] {
				return fmt.Errorf("%s: object %d has a different key set than the first (%q)", name, i, m.key)
			}
		}
	}
	return nil
}

// pyInt is Python's int() of a JSON value, printed.
func pyInt(v jsonValue) (string, error) {
	switch v.kind {
	case jsonTrue:
		return "1", nil
	case jsonFalse:
		return "0", nil
	case jsonInt:
		return v.text, nil
	case jsonFloat:
		if math.IsNaN(v.f) || math.IsInf(v.f, 0) {
			return "", fmt.Errorf("cannot convert float %s to integer", pyfloat.Repr(v.f))
		}
		b, _ := new(big.Float).SetFloat64(math.Trunc(v.f)).Int(nil)
		return b.String(), nil
	case jsonString:
		if i, ok := pandas.PyInt(v.s); ok {
			return strconv.FormatInt(i, 10), nil
		}
		return "", fmt.Errorf("invalid literal for int() with base 10: '%s'", v.s)
	}
	return "", fmt.Errorf("int() argument must be a string, a bytes-like object or a real number, not '%s'", v.pyType())
}

// csvCell is how pandas writes a JSON scalar in a CSV cell (lists and
// dicts, which pandas would write as their Python repr, are refused).
func csvCell(v jsonValue) (string, error) {
	switch v.kind {
	case jsonString:
		return string(bigcsv.QuoteField([]byte(v.s))), nil
	case jsonInt:
		return v.text, nil
	case jsonFloat:
		if math.IsNaN(v.f) {
			return "", nil
		}
		return pyfloat.Repr(v.f), nil
	case jsonTrue:
		return "True", nil
	case jsonFalse:
		return "False", nil
	case jsonNull:
		return "", nil
	}
	return "", fmt.Errorf("%s: a %s value is not supported", idCol, v.pyType())
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yScore, err := submission.PrepareForAUROC(sub, ans, idCol, target)
	if err != nil {
		return competition.Score{}, err
	}
	auc, err := metric.ROCAUC(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(auc), nil
}

// --- JSON as Python's json module sees it ---

type jsonKind uint8

const (
	jsonNull jsonKind = iota
	jsonTrue
	jsonFalse
	jsonInt    // text holds the canonical digits (Python int, any size)
	jsonFloat  // f
	jsonString // s decoded (lone surrogates as U+FFFD), enc the ensure_ascii JSON text
	jsonArray
	jsonObj
)

type jsonValue struct {
	kind jsonKind
	text string
	f    float64
	s    string
	enc  []byte
	arr  []jsonValue
	obj  object
}

type jsonMember struct {
	key   string
	value jsonValue
}

// object is a JSON object with its key order (a Python dict).
type object []jsonMember

func (o object) get(k string) (jsonValue, bool) {
	for _, m := range o {
		if m.key == k {
			return m.value, true
		}
	}
	return jsonValue{}, false
}

func (v jsonValue) pyType() string {
	return [...]string{"NoneType", "bool", "bool", "int", "float", "str", "list", "dict"}[v.kind]
}

// pyjson converts to the values pyjson.Marshal writes exactly as json.dump.
func (v jsonValue) pyjson() any {
	switch v.kind {
	case jsonTrue:
		return true
	case jsonFalse:
		return false
	case jsonInt:
		return pyjson.Raw(v.text)
	case jsonFloat:
		return v.f
	case jsonString:
		return pyjson.Raw(v.enc)
	case jsonArray:
		out := make([]any, len(v.arr))
		for i, e := range v.arr {
			out[i] = e.pyjson()
		}
		return out
	case jsonObj:
		out := make(pyjson.Object, len(v.obj))
		for i, m := range v.obj {
			out[i] = pyjson.Member{Key: m.key, Value: m.value.pyjson()}
		}
		return out
	}
	return nil
}

func arrayValue(list []object) any {
	out := make([]any, len(list))
	for i, o := range list {
		out[i] = jsonValue{kind: jsonObj, obj: o}.pyjson()
	}
	return out
}

// loadArray reads a JSON array of objects.
func loadArray(path string) ([]object, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	v, err := parseJSON(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if v.kind != jsonArray {
		return nil, fmt.Errorf("%s: expected a JSON array, got %s", path, v.pyType())
	}
	out := make([]object, len(v.arr))
	for i, e := range v.arr {
		if e.kind != jsonObj {
			return nil, fmt.Errorf("%s: element %d is a %s, not an object", path, i, e.pyType())
		}
		out[i] = e.obj
	}
	return out, nil
}

// parseJSON parses a document as Python's json.loads does (strict
// mode): NaN, Infinity and -Infinity accepted; control characters inside
// strings rejected; a duplicate key keeps its first position and its last
// value.
func parseJSON(data []byte) (jsonValue, error) {
	if !utf8.Valid(data) {
		return jsonValue{}, fmt.Errorf("'utf-8' codec can't decode the file")
	}
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		return jsonValue{}, fmt.Errorf("Unexpected UTF-8 BOM (decode using utf-8-sig)")
	}
	p := &parser{data: data}
	p.ws()
	v, err := p.value(0)
	if err != nil {
		return v, err
	}
	p.ws()
	if p.pos != len(p.data) {
		return v, p.errorf("Extra data")
	}
	return v, nil
}

type parser struct {
	data []byte
	pos  int
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("json: "+format+" (char %d)", append(args, p.pos)...)
}

func (p *parser) ws() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *parser) lit(s string) bool {
	if bytes.HasPrefix(p.data[p.pos:], []byte(s)) {
		p.pos += len(s)
		return true
	}
	return false
}

func (p *parser) value(depth int) (jsonValue, error) {
	if depth > 10000 {
		return jsonValue{}, p.errorf("maximum recursion depth exceeded")
	}
	if p.pos >= len(p.data) {
		return jsonValue{}, p.errorf("Expecting value")
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		p.pos++
		v := jsonValue{kind: jsonArray, arr: []jsonValue{}}
		p.ws()
		if p.lit("]") {
			return v, nil
		}
		for {
			p.ws()
			e, err := p.value(depth + 1)
			if err != nil {
				return v, err
			}
			v.arr = append(v.arr, e)
			p.ws()
			if p.lit("]") {
				return v, nil
			}
			if !p.lit(",") {
				return v, p.errorf("Expecting ',' delimiter")
			}
		}
	case c == '"':
		return p.str()
	case p.lit("null"):
		return jsonValue{kind: jsonNull}, nil
	case p.lit("true"):
		return jsonValue{kind: jsonTrue}, nil
	case p.lit("false"):
		return jsonValue{kind: jsonFalse}, nil
	case p.lit("NaN"):
		return jsonValue{kind: jsonFloat, f: math.NaN()}, nil
	case p.lit("Infinity"):
		return jsonValue{kind: jsonFloat, f: math.Inf(1)}, nil
	case p.lit("-Infinity"):
		return jsonValue{kind: jsonFloat, f: math.Inf(-1)}, nil
	}
	return p.number()
}

func (p *parser) object(depth int) (jsonValue, error) {
	p.pos++
	v := jsonValue{kind: jsonObj, obj: object{}}
	p.ws()
	if p.lit("}") {
		return v, nil
	}
	index := map[string]int{}
	for {
		p.ws()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return v, p.errorf("Expecting property name enclosed in double quotes")
		}
		k, err := p.str()
		if err != nil {
			return v, err
		}
		p.ws()
		if !p.lit(":") {
			return v, p.errorf("Expecting ':' delimiter")
		}
		p.ws()
		e, err := p.value(depth + 1)
		if err != nil {
			return v, err
		}
		if i, dup := index[k.s]; dup {
			v.obj[i].value = e
		} else {
			index[k.s] = len(v.obj)
			v.obj = append(v.obj, jsonMember{k.s, e})
		}
		p.ws()
		if p.lit("}") {
			return v, nil
		}
		if !p.lit(",") {
			return v, p.errorf("Expecting ',' delimiter")
		}
	}
}

// str decodes a string literal into its text and its ensure_ascii
// re-encoding (computed from the code points, so a lone surrogate escape
// survives as json.dump writes it).
func (p *parser) str() (jsonValue, error) {
	p.pos++          // opening quote
	var units []rune // code points; lone surrogates kept as such
	for {
		if p.pos >= len(p.data) {
			return jsonValue{}, p.errorf("Unterminated string")
		}
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			return string2(units), nil
		case c < 0x20:
			return jsonValue{}, p.errorf("Invalid control character")
		case c == '\\':
			if p.pos+1 >= len(p.data) {
				return jsonValue{}, p.errorf("Unterminated string")
			}
			e := p.data[p.pos+1]
			p.pos += 2
			switch e {
			case '"', '\\', '/':
				units = append(units, rune(e))
			case 'b':
				units = append(units, '\b')
			case 'f':
				units = append(units, '\f')
			case 'n':
				units = append(units, '\n')
			case 'r':
				units = append(units, '\r')
			case 't':
				units = append(units, '\t')
			case 'u':
				u, ok := p.hex4()
				if !ok {
					return jsonValue{}, p.errorf("Invalid \\uXXXX escape")
				}
				// A high surrogate followed by an escaped low one is one
				// code point (Python's scanstring).
				if u >= 0xd800 && u <= 0xdbff && bytes.HasPrefix(p.data[p.pos:], []byte(`\u`)) {
					save := p.pos
					p.pos += 2
					if lo, ok := p.hex4(); ok && lo >= 0xdc00 && lo <= 0xdfff {
						units = append(units, utf16.DecodeRune(u, lo))
						continue
					}
					p.pos = save
				}
				units = append(units, u)
			default:
				return jsonValue{}, p.errorf("Invalid \\escape")
			}
		default:
			r, size := utf8.DecodeRune(p.data[p.pos:])
			units = append(units, r)
			p.pos += size
		}
	}
}

func (p *parser) hex4() (rune, bool) {
	if p.pos+4 > len(p.data) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(p.data[p.pos:p.pos+4]), 16, 32)
	if err != nil || strings.ContainsAny(string(p.data[p.pos:p.pos+4]), "+-") {
		return 0, false
	}
	p.pos += 4
	return rune(v), true
}

// string2 builds a string value from code points.
func string2(cps []rune) jsonValue {
	const hex = "0123456789abcdef"
	var s strings.Builder
	enc := []byte{'"'}
	u4 := func(r rune) {
		enc = append(enc, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
	}
	for _, r := range cps {
		if r >= 0xd800 && r <= 0xdfff {
			s.WriteRune(utf8.RuneError)
			u4(r)
			continue
		}
		s.WriteRune(r)
		switch {
		case r == '"':
			enc = append(enc, '\\', '"')
		case r == '\\':
			enc = append(enc, '\\', '\\')
		case r == '\n':
			enc = append(enc, '\\', 'n')
		case r == '\r':
			enc = append(enc, '\\', 'r')
		case r == '\t':
			enc = append(enc, '\\', 't')
		case r == '\b':
			enc = append(enc, '\\', 'b')
		case r == '\f':
			enc = append(enc, '\\', 'f')
		case r >= 0x20 && r < 0x7f:
			enc = append(enc, byte(r))
		case r > 0xffff:
			hi, lo := utf16.EncodeRune(r)
			u4(hi)
			u4(lo)
		default:
			u4(r)
		}
	}
	enc = append(enc, '"')
	return jsonValue{kind: jsonString, s: s.String(), enc: enc}
}

func (p *parser) number() (jsonValue, error) {
	start := p.pos
	d := p.data
	i := p.pos
	if i < len(d) && d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && d[i] >= '1' && d[i] <= '9':
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	default:
		return jsonValue{}, p.errorf("Expecting value")
	}
	isFloat := false
	if i+1 < len(d) && d[i] == '.' && d[i+1] >= '0' && d[i+1] <= '9' {
		isFloat = true
		i++
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		j := i + 1
		if j < len(d) && (d[j] == '+' || d[j] == '-') {
			j++
		}
		if j < len(d) && d[j] >= '0' && d[j] <= '9' {
			isFloat = true
			for j < len(d) && d[j] >= '0' && d[j] <= '9' {
				j++
			}
			i = j
		}
	}
	text := string(d[start:i])
	p.pos = i
	if !isFloat {
		b, ok := new(big.Int).SetString(text, 10)
		if !ok {
			return jsonValue{}, p.errorf("bad integer %q", text)
		}
		return jsonValue{kind: jsonInt, text: b.String()}, nil
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil && !strings.Contains(err.Error(), "range") {
		return jsonValue{}, p.errorf("bad number %q", text)
	}
	return jsonValue{kind: jsonFloat, f: f}, nil
}

// trainKeys are the train objects' keys (the competition's data page).
var trainKeys = strings.Fields(`giver_username_if_known number_of_downvotes_of_request_at_retrieval
number_of_upvotes_of_request_at_retrieval post_was_edited request_id request_number_of_comments_at_retrieval
request_text request_text_edit_aware request_title requester_account_age_in_days_at_request
requester_account_age_in_days_at_retrieval requester_days_since_first_post_on_raop_at_request
requester_days_since_first_post_on_raop_at_retrieval requester_number_of_comments_at_request
requester_number_of_comments_at_retrieval requester_number_of_comments_in_raop_at_request
requester_number_of_comments_in_raop_at_retrieval requester_number_of_posts_at_request
requester_number_of_posts_at_retrieval requester_number_of_posts_on_raop_at_request
requester_number_of_posts_on_raop_at_retrieval requester_number_of_subreddits_at_request
requester_received_pizza requester_subreddits_at_request requester_upvotes_minus_downvotes_at_request
requester_upvotes_minus_downvotes_at_retrieval requester_upvotes_plus_downvotes_at_request
requester_upvotes_plus_downvotes_at_retrieval requester_user_flair requester_username
unix_timestamp_of_request unix_timestamp_of_request_utc`)

// FakeRaw writes raw/train.json (200 objects by default, the 32 train
// keys, some objects with their keys in another order) and raw/test.json
// (80 objects with the 17 posting-time keys, in an order of their own). Text
// has non-ASCII characters, an astral character, a lone surrogate escape,
// quotes, backslashes, "</>&" and newlines; numbers include non-canonical
// float text ("1.50", "1E5"), floats such as 1317852607.0, a 20-digit int
// and -0. The test part of the split holds both labels.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, 200)
	nTest := max(2, n*2/5)
	r := synth.Rand(opt.Seed, "requests")
	labels := make([]bool, n)
	for i := range labels {
		labels[i] = r.IntN(4) == 0
	}
	if _, test, err := split(n, nTest); err == nil && len(test) >= 2 {
		labels[test[0]], labels[test[1]] = true, false
	}
	words := []string{"pizza", "hungry", "please", "broke", "student", "thanks", "café", "naïve", "ünïcode", "family", "rent", "pay it forward"}
	text := func(k int) string {
		var b strings.Builder
		for j := 0; j < 3+r.IntN(10); j++ {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(synth.Pick(r, words))
		}
		switch k % 9 {
		case 1:
			b.WriteString(" \"quoted\" and back\\slash </a> & more")
		case 2:
			b.WriteString("\nsecond line\ttab")
		case 3:
			b.WriteString(" 🍕 emoji")
		}
		return b.String()
	}
	str := func(s string) string { return string(rawString(s)) }
	floatText := []string{"1.50", "1E5", "0.0", "2.5e-7", "12.0"}
	var tb strings.Builder
	tb.WriteString("[")
	testObjs := make([][]string, 0, nTest)
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("t3_%s", synth.String(r, "abcdefghijklmnopqrstuvwxyz0123456789", 5)+strconv.Itoa(i))
		user := fmt.Sprintf("user_%d", r.IntN(100000))
		giver := "N/A"
		if labels[i] && r.IntN(2) == 0 {
			giver = fmt.Sprintf("giver_%d", r.IntN(1000))
		}
		ts := 1.3e9 + float64(r.IntN(1e8))
		age := strconv.FormatFloat(r.Float64()*1000, 'f', -1, 64)
		if i%17 == 3 {
			age = synth.Pick(r, floatText)
		}
		edited := "false"
		if i%23 == 5 {
			edited = strconv.FormatFloat(ts+3600, 'f', 1, 64)
		}
		flair := "null"
		if labels[i] && r.IntN(3) == 0 {
			flair = `"shroom"`
		}
		subs := []string{}
		for j := 0; j < r.IntN(4); j++ {
			subs = append(subs, str(synth.Pick(r, []string{"AskReddit", "pics", "Random_Acts_Of_Pizza", "funny", "pizza"})))
		}
		count := strconv.Itoa(r.IntN(500))
		if i == 7 {
			count = "12345678901234567890"
		} else if i == 8 {
			count = "-0"
		}
		title := text(i)
		if i == 11 {
			title += ` lone \ud83d surrogate`
		}
		vals := map[string]string{
			"giver_username_if_known":                              str(giver),
			"number_of_downvotes_of_request_at_retrieval":          strconv.Itoa(r.IntN(10)),
			"number_of_upvotes_of_request_at_retrieval":            strconv.Itoa(r.IntN(50)),
			"post_was_edited":                                      edited,
			"request_id":                                           str(id),
			"request_number_of_comments_at_retrieval":              count,
			"request_text":                                         str(text(i + 1)),
			"request_text_edit_aware":                              str(text(i + 2)),
			"request_title":                                        strings.Replace(str(title), `\\ud83d`, `\ud83d`, 1),
			"requester_account_age_in_days_at_request":             age,
			"requester_account_age_in_days_at_retrieval":           strconv.FormatFloat(r.Float64()*2000, 'f', -1, 64),
			"requester_days_since_first_post_on_raop_at_request":   "0.0",
			"requester_days_since_first_post_on_raop_at_retrieval": strconv.FormatFloat(r.Float64()*800, 'f', -1, 64),
			"requester_number_of_comments_at_request":              strconv.Itoa(r.IntN(900)),
			"requester_number_of_comments_at_retrieval":            strconv.Itoa(r.IntN(900)),
			"requester_number_of_comments_in_raop_at_request":      strconv.Itoa(r.IntN(5)),
			"requester_number_of_comments_in_raop_at_retrieval":    strconv.Itoa(r.IntN(9)),
			"requester_number_of_posts_at_request":                 strconv.Itoa(r.IntN(300)),
			"requester_number_of_posts_at_retrieval":               strconv.Itoa(r.IntN(300)),
			"requester_number_of_posts_on_raop_at_request":         strconv.Itoa(r.IntN(3)),
			"requester_number_of_posts_on_raop_at_retrieval":       strconv.Itoa(r.IntN(4)),
			"requester_number_of_subreddits_at_request":            strconv.Itoa(len(subs)),
			"requester_received_pizza":                             strconv.FormatBool(labels[i]),
			"requester_subreddits_at_request":                      "[" + strings.Join(subs, ", ") + "]",
			"requester_upvotes_minus_downvotes_at_request":         strconv.Itoa(r.IntN(2000) - 100),
			"requester_upvotes_minus_downvotes_at_retrieval":       strconv.Itoa(r.IntN(2000) - 100),
			"requester_upvotes_plus_downvotes_at_request":          strconv.Itoa(r.IntN(4000)),
			"requester_upvotes_plus_downvotes_at_retrieval":        strconv.Itoa(r.IntN(4000)),
			"requester_user_flair":                                 flair,
			"requester_username":                                   str(user),
			"unix_timestamp_of_request":                            strconv.FormatFloat(ts, 'f', 1, 64),
			"unix_timestamp_of_request_utc":                        strconv.FormatFloat(ts-3600, 'f', 1, 64),
		}
		keys := append([]string(nil), trainKeys...)
		if i%10 == 4 {
			r.Shuffle(len(keys), func(a, b int) { keys[a], keys[b] = keys[b], keys[a] })
		}
		if i > 0 {
			tb.WriteString(", ")
		}
		tb.WriteString("{")
		for j, k := range keys {
			if j > 0 {
				tb.WriteString(", ")
			}
			tb.WriteString(str(k) + ": " + vals[k])
		}
		tb.WriteString("}")
		if len(testObjs) < nTest {
			var obj []string
			for _, k := range testKeys {
				obj = append(obj, str(k)+": "+vals[k])
			}
			testObjs = append(testObjs, obj)
		}
	}
	tb.WriteString("]\n")
	var eb strings.Builder
	eb.WriteString("[\n")
	for i, obj := range testObjs {
		if i > 0 {
			eb.WriteString(",\n")
		}
		eb.WriteString("  {" + strings.Join(obj, ",\n    ") + "}")
	}
	eb.WriteString("\n]")
	if err := synth.WriteFile(filepath.Join(dir, "train.json"), []byte(tb.String())); err != nil {
		return err
	}
	return synth.WriteFile(filepath.Join(dir, "test.json"), []byte(eb.String()))
}

// testKeys are the posting-time keys of the test objects, in the order
// the fake test.json uses (not the train order).
var testKeys = strings.Fields(`request_id giver_username_if_known request_text_edit_aware request_title
requester_account_age_in_days_at_request requester_days_since_first_post_on_raop_at_request
requester_number_of_comments_at_request requester_number_of_comments_in_raop_at_request
requester_number_of_posts_at_request requester_number_of_posts_on_raop_at_request
requester_number_of_subreddits_at_request requester_subreddits_at_request
requester_upvotes_minus_downvotes_at_request requester_upvotes_plus_downvotes_at_request
requester_username unix_timestamp_of_request unix_timestamp_of_request_utc`)

// rawString encodes s as a JSON string the way the raw Kaggle
// file does (non-ASCII kept as UTF-8, not escaped).
func rawString(s string) []byte {
	var b bytes.Buffer
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.Bytes()
}
