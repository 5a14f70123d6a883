// Package leak looks for a competition's private answers in what its agents
// can see: the prepared public directory.
//
// A [Scan] reads the answer CSVs of prepared/private and every CSV and file
// name of prepared/public and reports, with the evidence (file, column,
// rows matched):
//   - answers-by-id: a public column that, joined on the answers' id column,
//     holds the test labels (≥ 90% of the answer rows agree);
//   - answers-in-order: a public column of the same length holding the
//     labels row for row (≥ 99%), or the same multiset of values for a label
//     with many distinct values (a sorted or shuffled copy);
//   - hashed-labels: a public column holding MD5, SHA-1 or SHA-256 hex
//     digests of the labels, alone or of id+label (≥ 50% of the rows);
//   - label-in-file-name: public file names that carry a test id and its
//     label (≥ 50% of the test ids that name a file);
//   - known: the leaks the original's README lists as known issues, kept as
//     data in [Known] with their source.
//
// A copy must also agree on more rows than the label's most common value
// covers (a constant column matching a mostly-zero label is no evidence).
// Labels are compared as text after trimming, with numbers in canonical form
// (1, 1.0 and 1e0 are equal). A label column with fewer than 10 rows or a
// single value is not checked (any copy would match it by chance).
package leak

import (
	"context"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/table"
)

// KnownLeak is a leak the original documents.
type KnownLeak struct {
	CompetitionID string
	What          string
	Source        string
}

// Known are the leaks of the original's README "Known issues" (v1) that let
// an agent see test labels or make a perfect score trivial.
var Known = []KnownLeak{
	{"multi-modal-gesture-recognition", "public test .mat files leak the test labels", "upstream README known issues; openai/mle-bench issue #77"},
	{"smartphone-decimeter-2022", "public test span_log.nmea files leak information that makes a perfect score trivial", "upstream README known issues; openai/mle-bench issue #93"},
	{"hubmap-kidney-segmentation", "public test {image_id}.json files leak information that makes a near-perfect score trivial", "upstream README known issues"},
	{"random-acts-of-pizza", "the field giver_username_if_known leaks the outcome (trivial perfect prediction)", "upstream README known issues; openai/mle-bench issue #108"},
	{"tensorflow-speech-recognition-challenge", "test-set speaker ids are not disjoint from the train/validation speakers", "upstream README known issues"},
}

// KnownFor returns the known leaks of a competition.
func KnownFor(id string) []KnownLeak {
	var out []KnownLeak
	for _, k := range Known {
		if k.CompetitionID == id {
			out = append(out, k)
		}
	}
	return out
}

// Finding is one leak, with its evidence.
type Finding struct {
	Kind         string `json:"kind"`
	File         string `json:"file,omitempty"`   // relative to prepared/public
	Column       string `json:"column,omitempty"` // the public column
	AnswerFile   string `json:"answer_file,omitempty"`
	AnswerColumn string `json:"answer_column,omitempty"`
	RowsMatched  int    `json:"rows_matched,omitempty"`
	RowsTotal    int    `json:"rows_total,omitempty"`
	Detail       string `json:"detail"`
	Source       string `json:"source,omitempty"` // for known leaks
}

// Report is a competition's scan.
type Report struct {
	CompetitionID string    `json:"competition_id"`
	Findings      []Finding `json:"findings"`
	// Skipped lists files not read (too large), relative to their directory.
	Skipped []string `json:"skipped,omitempty"`
}

// Detected are the findings other than the documented known leaks.
func (r *Report) Detected() []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if f.Kind != "known" {
			out = append(out, f)
		}
	}
	return out
}

// Options bound a scan.
type Options struct {
	// MaxFileBytes skips CSVs larger than this (0: 256 MiB).
	MaxFileBytes int64
	// SampleSubmission, when readable, names what agents predict: its first
	// column is the id and the others are the labels looked for, except
	// columns that a public file whose name contains "test" also has (inputs
	// the sample submission repeats, as facebook-recruiting-iii's does). Without it,
	// an answers file's first column is the id and its other columns are
	// labels unless a public file whose name contains "test" has a column of
	// the same name (a feature the answers file keeps).
	SampleSubmission string
}

type column struct {
	file, name string
	values     []string // canonical text; "" for missing
}

// canon is the text a label compares by.
func canon(s string) string {
	s = strings.TrimSpace(s)
	if f, err := strconv.ParseFloat(s, 64); err == nil && s != "" {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return s
}

func readCSV(path string) (*table.Table, error) {
	return table.ReadFile(path, table.ReadOptions{AllString: true, NoNA: true})
}

func columnsOf(t *table.Table, file string) []column {
	var out []column
	for _, c := range t.Columns() {
		vals := make([]string, c.Len())
		for i := range vals {
			vals[i] = canon(c.Str(i))
		}
		out = append(out, column{file: file, name: c.Name, values: vals})
	}
	return out
}

func listFiles(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			rel, _ := filepath.Rel(root, p)
			out = append(out, rel)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// majority is how many values equal the most common one: what a constant
// guess would match, so a copy must match more to be evidence.
func majority(v []string) int {
	counts := map[string]int{}
	best := 0
	for _, s := range v {
		counts[s]++
		best = max(best, counts[s])
	}
	return best
}

func distinct(v []string) int {
	m := map[string]struct{}{}
	for _, s := range v {
		m[s] = struct{}{}
		if len(m) > 1000 {
			break
		}
	}
	return len(m)
}

func hexDigests(s string) []string {
	a := md5.Sum([]byte(s))
	b := sha1.Sum([]byte(s))
	c := sha256.Sum256([]byte(s))
	return []string{hex.EncodeToString(a[:]), hex.EncodeToString(b[:]), hex.EncodeToString(c[:])}
}

// Scan scans a prepared competition.
func Scan(ctx context.Context, id, publicDir, privateDir string, opt Options) (*Report, error) {
	maxBytes := opt.MaxFileBytes
	if maxBytes <= 0 {
		maxBytes = 256 << 20
	}
	rep := &Report{CompetitionID: id, Findings: []Finding{}}
	for _, k := range KnownFor(id) {
		rep.Findings = append(rep.Findings, Finding{Kind: "known", Detail: k.What, Source: k.Source})
	}
	privFiles, err := listFiles(privateDir)
	if err != nil {
		return nil, fmt.Errorf("listing the answers: %w", err)
	}
	pubFiles, err := listFiles(publicDir)
	if err != nil {
		return nil, fmt.Errorf("listing the public files: %w", err)
	}
	readAll := func(dir string, files []string) []*table.Table {
		var out []*table.Table
		for _, f := range files {
			if !strings.HasSuffix(strings.ToLower(f), ".csv") {
				out = append(out, nil)
				continue
			}
			st, err := os.Stat(filepath.Join(dir, f))
			if err != nil || st.Size() > maxBytes {
				rep.Skipped = append(rep.Skipped, f)
				out = append(out, nil)
				continue
			}
			t, err := readCSV(filepath.Join(dir, f))
			if err != nil {
				out = append(out, nil) // not a table pandas could read: nothing to compare
				continue
			}
			out = append(out, t)
		}
		return out
	}
	privTables := readAll(privateDir, privFiles)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	pubTables := readAll(publicDir, pubFiles)
	var pubCols []column
	pubByFile := map[string]*table.Table{}
	for i, t := range pubTables {
		if t != nil {
			pubCols = append(pubCols, columnsOf(t, pubFiles[i])...)
			pubByFile[pubFiles[i]] = t
		}
	}
	var sampleCols []string
	if opt.SampleSubmission != "" {
		if t, err := readCSV(opt.SampleSubmission); err == nil {
			sampleCols = t.Names()
		}
	}
	testCols := map[string]bool{}
	for f, t := range pubByFile {
		if strings.Contains(strings.ToLower(filepath.Base(f)), "test") {
			for _, n := range t.Names() {
				testCols[n] = true
			}
		}
	}
	for i, at := range privTables {
		if at == nil || len(at.Columns()) < 2 {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		acols := columnsOf(at, privFiles[i])
		idCol := acols[0]
		var labels []column
		if len(sampleCols) >= 2 {
			for _, c := range acols {
				if c.name == sampleCols[0] {
					idCol = c
				}
			}
			for _, c := range acols {
				for _, n := range sampleCols[1:] {
					if c.name == n && c.name != idCol.name && !testCols[c.name] {
						labels = append(labels, c)
					}
				}
			}
		} else {
			for _, c := range acols[1:] {
				if !testCols[c.name] {
					labels = append(labels, c)
				}
			}
		}
		if distinct(idCol.values) < min(len(idCol.values), 1000) {
			continue // no unique id column to join on
		}
		for _, label := range labels {
			n := len(label.values)
			if n < 10 || distinct(label.values) < 2 {
				continue
			}
			rep.Findings = append(rep.Findings, byID(idCol, label, pubByFile)...)
			rep.Findings = append(rep.Findings, inOrder(label, pubCols, idCol.name)...)
			rep.Findings = append(rep.Findings, hashed(idCol, label, pubCols)...)
		}
		rep.Findings = append(rep.Findings, inFileNames(idCol, labels, pubFiles)...)
	}
	return rep, nil
}

// byID joins each public table that has the id column with the answers.
func byID(id, label column, pub map[string]*table.Table) []Finding {
	answers := make(map[string]string, len(id.values))
	for i, v := range id.values {
		answers[v] = label.values[i]
	}
	var out []Finding
	files := make([]string, 0, len(pub))
	for f := range pub {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		t := pub[f]
		pid, ok := t.Col(id.name)
		if !ok {
			continue
		}
		ids := make([]string, pid.Len())
		for i := range ids {
			ids[i] = canon(pid.Str(i))
		}
		for _, c := range t.Columns() {
			if c.Name == id.name {
				continue
			}
			matched := 0
			seen := map[string]bool{}
			for i := 0; i < c.Len(); i++ {
				want, ok := answers[ids[i]]
				if !ok || seen[ids[i]] || want == "" {
					continue
				}
				seen[ids[i]] = true
				if canon(c.Str(i)) == want {
					matched++
				}
			}
			if matched >= 10 && matched*10 >= len(id.values)*9 && matched > majority(label.values) {
				out = append(out, Finding{Kind: "answers-by-id", File: f, Column: c.Name, AnswerFile: label.file, AnswerColumn: label.name,
					RowsMatched: matched, RowsTotal: len(id.values),
					Detail: fmt.Sprintf("joined on %s, %s holds the answers' %s for %d of %d test rows", id.name, c.Name, label.name, matched, len(id.values))})
			}
		}
	}
	return out
}

// inOrder compares equal-length public columns with the labels row for row,
// and as multisets for labels with many distinct values.
func inOrder(label column, pub []column, idName string) []Finding {
	var out []Finding
	n := len(label.values)
	var sorted []string
	for _, c := range pub {
		if len(c.values) != n || c.name == idName {
			continue
		}
		same := 0
		for i, v := range c.values {
			if v == label.values[i] && v != "" {
				same++
			}
		}
		if same*100 >= n*99 && same > majority(label.values) {
			out = append(out, Finding{Kind: "answers-in-order", File: c.file, Column: c.name, AnswerFile: label.file, AnswerColumn: label.name,
				RowsMatched: same, RowsTotal: n, Detail: fmt.Sprintf("%s holds the answers' %s row for row (%d of %d)", c.name, label.name, same, n)})
			continue
		}
		if distinct(label.values) < 10 {
			continue
		}
		if sorted == nil {
			sorted = append([]string(nil), label.values...)
			sort.Strings(sorted)
		}
		other := append([]string(nil), c.values...)
		sort.Strings(other)
		equal := true
		for i := range other {
			if other[i] != sorted[i] {
				equal = false
				break
			}
		}
		if equal {
			out = append(out, Finding{Kind: "answers-in-order", File: c.file, Column: c.name, AnswerFile: label.file, AnswerColumn: label.name,
				RowsMatched: n, RowsTotal: n, Detail: fmt.Sprintf("%s holds exactly the answers' %s values in another order", c.name, label.name)})
		}
	}
	return out
}

// hashed looks for digests of the labels (or of id+label) in public columns.
func hashed(id, label column, pub []column) []Finding {
	digests := map[string]bool{}
	for i, v := range label.values {
		for _, d := range hexDigests(v) {
			digests[d] = true
		}
		for _, d := range hexDigests(id.values[i] + v) {
			digests[d] = true
		}
	}
	var out []Finding
	for _, c := range pub {
		hits := 0
		for _, v := range c.values {
			if digests[strings.ToLower(v)] {
				hits++
			}
		}
		if hits >= 10 && hits*2 >= len(label.values) {
			out = append(out, Finding{Kind: "hashed-labels", File: c.file, Column: c.name, AnswerFile: label.file, AnswerColumn: label.name,
				RowsMatched: hits, RowsTotal: len(label.values), Detail: fmt.Sprintf("%s holds hex digests of the answers' %s", c.name, label.name)})
		}
	}
	return out
}

// inFileNames looks for public file names carrying a test id and its label.
func inFileNames(id column, labels []column, pubFiles []string) []Finding {
	if len(id.values) == 0 {
		return nil
	}
	// Index files by every "word" of their path, so an id is found fast.
	byWord := map[string][]string{}
	for _, f := range pubFiles {
		for _, w := range strings.FieldsFunc(f, func(r rune) bool { return strings.ContainsRune("/._- ", r) }) {
			byWord[w] = append(byWord[w], f)
		}
	}
	var out []Finding
	for _, label := range labels {
		if distinct(label.values) < 2 {
			continue
		}
		named, carrying := 0, 0
		example := ""
		for i, idv := range id.values {
			if len(idv) < 3 {
				continue
			}
			files := byWord[idv]
			if len(files) == 0 {
				continue
			}
			named++
			lv := label.values[i]
			if len(lv) < 2 {
				continue
			}
			if _, err := strconv.ParseFloat(lv, 64); err == nil {
				continue // a number in a path is too likely a coincidence
			}
			for _, f := range files {
				if strings.Contains(strings.ToLower(f), strings.ToLower(lv)) {
					carrying++
					if example == "" {
						example = f
					}
					break
				}
			}
		}
		if carrying >= 5 && carrying*2 >= named {
			out = append(out, Finding{Kind: "label-in-file-name", File: example, AnswerFile: label.file, AnswerColumn: label.name,
				RowsMatched: carrying, RowsTotal: named,
				Detail: fmt.Sprintf("%d of %d public files named after a test id also carry its %s (e.g. %s)", carrying, named, label.name, example)})
		}
	}
	return out
}
