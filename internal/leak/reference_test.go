package leak

import (
	"context"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/table"
)

type refColumn struct {
	file, name string
	values     []string // canonical text; "" for missing
}

func refReadCSV(path string) (*table.Table, error) {
	return table.ReadFile(path, table.ReadOptions{AllString: true, NoNA: true})
}

func refColumnsOf(t *table.Table, file string) []refColumn {
	var out []refColumn
	for _, c := range t.Columns() {
		vals := make([]string, c.Len())
		for i := range vals {
			vals[i] = canon(c.Str(i))
		}
		out = append(out, refColumn{file: file, name: c.Name, values: vals})
	}
	return out
}

// majority is how many values equal the most common one: what a constant
// guess would match, so a copy must match more to be evidence.
func refMajority(v []string) int {
	counts := map[string]int{}
	best := 0
	for _, s := range v {
		counts[s]++
		best = max(best, counts[s])
	}
	return best
}

func refDistinct(v []string) int {
	m := map[string]struct{}{}
	for _, s := range v {
		m[s] = struct{}{}
		if len(m) > 1000 {
			break
		}
	}
	return len(m)
}

func refHexDigests(s string) []string {
	a := md5.Sum([]byte(s))
	b := sha1.Sum([]byte(s))
	c := sha256.Sum256([]byte(s))
	return []string{hex.EncodeToString(a[:]), hex.EncodeToString(b[:]), hex.EncodeToString(c[:])}
}

// referenceScan is the scan as it was before it streamed: every table
// read whole. The differential tests hold Scan to its findings.
func referenceScan(ctx context.Context, id, publicDir, privateDir string, opt Options) (*Report, error) {
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
			t, err := refReadCSV(filepath.Join(dir, f))
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
	var pubCols []refColumn
	pubByFile := map[string]*table.Table{}
	for i, t := range pubTables {
		if t != nil {
			pubCols = append(pubCols, refColumnsOf(t, pubFiles[i])...)
			pubByFile[pubFiles[i]] = t
		}
	}
	var sampleCols []string
	if opt.SampleSubmission != "" {
		if t, err := refReadCSV(opt.SampleSubmission); err == nil {
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
		acols := refColumnsOf(at, privFiles[i])
		idCol := acols[0]
		var labels []refColumn
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
		if refDistinct(idCol.values) < min(len(idCol.values), 1000) {
			continue // no unique id column to join on
		}
		for _, label := range labels {
			n := len(label.values)
			if n < 10 || refDistinct(label.values) < 2 {
				continue
			}
			rep.Findings = append(rep.Findings, refByID(idCol, label, pubByFile)...)
			rep.Findings = append(rep.Findings, refInOrder(label, pubCols, idCol.name)...)
			rep.Findings = append(rep.Findings, refHashed(idCol, label, pubCols)...)
		}
		rep.Findings = append(rep.Findings, refInFileNames(idCol, labels, pubFiles)...)
	}
	return rep, nil
}

// byID joins each public table that has the id column with the answers.
func refByID(id, label refColumn, pub map[string]*table.Table) []Finding {
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
			if matched >= 10 && matched*10 >= len(id.values)*9 && matched > refMajority(label.values) {
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
func refInOrder(label refColumn, pub []refColumn, idName string) []Finding {
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
		if same*100 >= n*99 && same > refMajority(label.values) {
			out = append(out, Finding{Kind: "answers-in-order", File: c.file, Column: c.name, AnswerFile: label.file, AnswerColumn: label.name,
				RowsMatched: same, RowsTotal: n, Detail: fmt.Sprintf("%s holds the answers' %s row for row (%d of %d)", c.name, label.name, same, n)})
			continue
		}
		if refDistinct(label.values) < 10 {
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
func refHashed(id, label refColumn, pub []refColumn) []Finding {
	digests := map[string]bool{}
	for i, v := range label.values {
		for _, d := range refHexDigests(v) {
			digests[d] = true
		}
		for _, d := range refHexDigests(id.values[i] + v) {
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
func refInFileNames(id refColumn, labels []refColumn, pubFiles []string) []Finding {
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
		if refDistinct(label.values) < 2 {
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
