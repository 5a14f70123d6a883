package facebook_recruiting_iii_keyword_extraction

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/Train.zip holding Train.csv (default 300 rows):
// unique integer Ids, multi-line Bodies with commas and double quotes, a few
// NA-like Titles/Bodies ("NA", "null", empty), 1–5 tags per row from a
// vocabulary of about 40 (one row has no tags). The Kaggle test archive and
// sample submission are not written: prepare never opens them.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "facebook-recruiting-iii-keyword-extraction")
	n := synth.Rows(opt.Rows, 300)
	vocab := []string{"javascript", "c#", "python", "php", "java", "android", "jquery", "c++", "iphone",
		"asp.net", "mysql", "html", "css", ".net", "objective-c", "sql", "linux", "ruby-on-rails", "windows",
		"ios", "ruby", "django", "regex", "xml", "json", "ajax", "sql-server", "arrays", "wpf", "string",
		"git", "bash", "c", "node.js", "excel", "vba", "r", "matlab", "scala", "haskell"}
	words := []string{"how", "to", "get", "the", "value", "of", "a", "list", "in", "error", "when",
		"using", "with", "file", "not", "working", "function", "class", "return", "null", "array"}
	sentence := func(k int) string {
		w := make([]string, k)
		for i := range w {
			w[i] = synth.Pick(r, words)
		}
		return strings.Join(w, " ")
	}
	c := synth.CSV{Header: []string{"Id", "Title", "Body", "Tags"}}
	id := 0
	for i := 0; i < n; i++ {
		id += 1 + r.IntN(5)
		title := sentence(3 + r.IntN(6))
		if r.IntN(4) == 0 {
			title += ", " + sentence(2) + "?"
		}
		body := "<p>" + sentence(5+r.IntN(10)) + "</p>\n\n<pre><code>x = \"" + sentence(2) + "\";\n</code></pre>\n"
		switch r.IntN(12) {
		case 0:
			body = "NA"
		case 1:
			body = sentence(4) // single line, no quoting needed
		case 2:
			body = "a,b\r\nc"
		}
		switch r.IntN(40) {
		case 0:
			title = "null"
		case 1:
			title = ""
		}
		k := 1 + r.IntN(5)
		seen := map[string]bool{}
		var tags []string
		for len(tags) < k {
			t := synth.Pick(r, vocab)
			if !seen[t] {
				seen[t] = true
				tags = append(tags, t)
			}
		}
		tagText := strings.Join(tags, " ")
		if i == 7 {
			tagText = ""
		}
		c.Add(strconv.Itoa(id), title, body, tagText)
	}
	return synth.WriteZip(filepath.Join(dir, "Train.zip"), []synth.ZipEntry{{Name: "Train.csv", Data: c.Bytes()}})
}
