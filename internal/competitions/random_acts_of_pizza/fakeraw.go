package random_acts_of_pizza

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

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
