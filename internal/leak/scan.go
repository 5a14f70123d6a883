package leak

import (
	"context"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/table"
)

// How the scan streams (the findings are those of reading every table
// whole, as the package comment describes):
//
//  0. The public tree is walked once: its CSVs are listed and the words of
//     every path go into a set of hashes (pathWords); no path is kept.
//  1. The answer CSVs are read record by record into 8-byte hashes per cell
//     (answerFile); each possible id column gets a hash join table, and the
//     file-name check counts the records whose id is a path word. Those
//     with a label that could be in a path (not a number) are looked for by
//     a second walk of the tree (nameChecks), which keeps, per such record,
//     whether a path named by its id holds its label and the first such
//     path.
//  2. Every public CSV is read record by record, by GOMAXPROCS workers over
//     the files (publicFile). Per column it keeps a multiset fingerprint,
//     counts of values that look like hex digests, row-for-row agreement
//     with every answer column (dropped after 1% disagreement), and, in files
//     with an answer id column, agreement joined on the id (dropped once 90%
//     is out of reach).
//  3. Only when a public column has enough hex-digest-looking values are the
//     digests of the labels computed (re-reading the answers) and that
//     public file read again to count them.
//
// Memory: the answers' hashes (8 bytes a cell, plus 24 a row for each join
// table), the path words (8 bytes per distinct word; about twice that
// while the set is built) and, per public file being read, one record and
// counters per column pair; nothing grows with the public files' row
// counts.

// csvStream reads a CSV as table.ReadFile(path, {AllString, NoNA}) would,
// record by record; ok is false for any file ReadFile would refuse (the
// scan then ignores it), err is set only for cancellation.
func csvStream(ctx context.Context, path string, header func([]string), row func(i int, rec []string)) (ok bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return false, nil
	}
	defer f.Close()
	r := table.NewReader(f)
	r.Path = path
	names, err := r.Header()
	if err != nil {
		return false, nil
	}
	if header != nil {
		header(names)
	}
	for i := 0; ; i++ {
		if i&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return false, err
			}
		}
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			return true, nil
		}
		if err != nil {
			return false, nil
		}
		// pandas decodes every cell kept as a string (all of them here, the
		// implicit index included): invalid UTF-8 fails the read.
		for _, s := range rec {
			if !utf8.ValidString(s) {
				return false, nil
			}
		}
		for _, s := range r.Index() {
			if !utf8.ValidString(s) {
				return false, nil
			}
		}
		if row != nil {
			row(i, rec)
		}
	}
}

// idIndex is one possible id column of an answers file.
type idIndex struct {
	col  int
	join *joinTable
	// nonEmpty[j]: distinct ids whose (last) value in column j is not empty.
	nonEmpty []int
	// File-name check: rows whose id names a public file, and per column
	// those that also carry the column's value, with the first such file.
	named    int
	carrying []int
	example  []string
	checks   []*nameCheck // the named rows to look for labels in, in row order
}

type answerFile struct {
	rel   string
	ok    bool
	names []string
	rows  int
	cols  [][]uint64 // hashes, per column
	ids   []*idIndex
}

func (a *answerFile) id(col int) *idIndex {
	for _, x := range a.ids {
		if x.col == col {
			return x
		}
	}
	return nil
}

// pathWords is the set of the "words" of the public files' paths (split at
// '/', '.', '_', '-' and ' '), as 64-bit hashes, sorted and distinct; words
// shorter than 3 bytes are left out (an id shorter than that is never looked
// up). It is all the file-name check needs to know which answer ids name a
// file: the paths themselves are not held (a big-image competition has
// millions of files), and the few rows whose label could be in a path are
// checked by a second walk over the tree ([nameChecks]).
type pathWords struct {
	seed   maphash.Seed
	hashes []uint64
	sorted int // hashes[:sorted] is sorted and distinct
}

// minWord is the shortest id the file-name check looks up.
const minWord = 3

func isWordSep(c byte) bool {
	return c == '/' || c == '.' || c == '_' || c == '-' || c == ' '
}

// eachWord calls fn on every word of s of at least minWord bytes. The
// separators are ASCII, so splitting bytes splits runes as
// strings.FieldsFunc would.
func eachWord(s string, fn func(w string)) {
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || isWordSep(s[i]) {
			if i-start >= minWord {
				fn(s[start:i])
			}
			start = i + 1
		}
	}
}

// add adds the words of s.
func (w *pathWords) add(s string) {
	eachWord(s, func(word string) {
		w.hashes = append(w.hashes, maphash.String(w.seed, word))
	})
	// Compact when the unsorted tail is as long as the sorted part: the
	// slice stays within about twice the distinct words.
	if tail := len(w.hashes) - w.sorted; tail >= 1<<16 && tail >= w.sorted {
		w.compact()
	}
}

func (w *pathWords) compact() {
	slices.Sort(w.hashes)
	w.hashes = slices.Compact(w.hashes)
	w.sorted = len(w.hashes)
}

// has reports whether a path has word as a word.
func (w *pathWords) has(word string) bool {
	if len(w.hashes) == 0 {
		return false
	}
	_, found := slices.BinarySearch(w.hashes, maphash.String(w.seed, word))
	return found
}

// nameCheck is one answer row whose id names a public file and that has a
// label that could be in a path: which of its labels some file named by the
// id carries, and the first such file in path order.
type nameCheck struct {
	x       *idIndex
	labels  []string // per column, lower case; "" when not looked for
	carried []bool
	first   []string
}

// nameChecks are the rows to check, by the hash of their id.
type nameChecks map[uint64][]*nameCheck

// visit checks the file rel against the rows named by its words.
func (nc nameChecks) visit(seed maphash.Seed, rel string) {
	lower := ""
	eachWord(rel, func(word string) {
		for _, c := range nc[maphash.String(seed, word)] {
			if lower == "" {
				lower = strings.ToLower(rel)
			}
			for j, l := range c.labels {
				if l == "" || !strings.Contains(lower, l) {
					continue
				}
				if !c.carried[j] || rel < c.first[j] {
					c.carried[j], c.first[j] = true, rel
				}
			}
		}
	})
}

// walkFiles calls fn with the path (relative to root) of every regular file
// under root, in no particular order.
func walkFiles(root string, fn func(rel string)) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			rel, _ := filepath.Rel(root, p)
			fn(rel)
		}
		return nil
	})
}

// hasCSVSuffix is strings.HasSuffix(strings.ToLower(s), ".csv") without
// the copy: only ASCII letters lower-case to 'c', 's' and 'v'.
func hasCSVSuffix(s string) bool {
	if len(s) < 4 {
		return false
	}
	for i, c := range []byte(s[len(s)-4:]) {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != ".csv"[i] {
			return false
		}
	}
	return true
}

// readAnswers reads one answers file; idCols are its possible id columns.
// Rows whose id names a public file (words) and that have a label that
// could be in a path are added to checks.
func readAnswers(ctx context.Context, seed maphash.Seed, path, rel string, sampleHeader []string, words *pathWords, checks nameChecks) (*answerFile, error) {
	a := &answerFile{rel: rel}
	h := &hasher{seed: seed}
	ok, err := csvStream(ctx, path, func(names []string) {
		a.names = slices.Clone(names)
		a.cols = make([][]uint64, len(names))
		cands := []int{0}
		if len(sampleHeader) >= 2 {
			if j := slices.Index(names, sampleHeader[0]); j > 0 {
				cands = append(cands, j)
			}
		}
		if len(names) < 2 {
			cands = nil
		}
		for _, c := range cands {
			a.ids = append(a.ids, &idIndex{col: c, carrying: make([]int, len(names)), example: make([]string, len(names))})
		}
	}, func(i int, rec []string) {
		for j, s := range rec {
			a.cols[j] = append(a.cols[j], h.hash(s))
		}
		if len(words.hashes) == 0 {
			return
		}
		for _, x := range a.ids {
			idv := canon(rec[x.col])
			if len(idv) < minWord || !words.has(idv) {
				continue
			}
			x.named++
			var c *nameCheck
			for j, s := range rec {
				if j == x.col {
					continue
				}
				lv := canon(s)
				if len(lv) < 2 {
					continue
				}
				if _, err := strconv.ParseFloat(lv, 64); err == nil {
					continue // a number in a path is too likely a coincidence
				}
				if c == nil {
					c = &nameCheck{x: x, labels: make([]string, len(rec)), carried: make([]bool, len(rec)), first: make([]string, len(rec))}
					k := maphash.String(seed, idv)
					checks[k] = append(checks[k], c)
					x.checks = append(x.checks, c)
				}
				c.labels[j] = strings.ToLower(lv)
			}
		}
	})
	if err != nil || !ok {
		return a, err
	}
	a.ok = true
	if len(a.cols) > 0 {
		a.rows = len(a.cols[0])
	}
	for _, c := range a.cols {
		a.rows = max(a.rows, len(c))
	}
	for j := range a.cols {
		if len(a.cols[j]) < a.rows { // a header-only column
			a.cols[j] = append(a.cols[j], make([]uint64, a.rows-len(a.cols[j]))...)
		}
	}
	for _, x := range a.ids {
		x.join = newJoinTable(a.cols[x.col])
		x.nonEmpty = make([]int, len(a.cols))
		for k, idh := range a.cols[x.col] {
			if last, _ := x.join.get(idh); int(last) != k {
				continue
			}
			for j, c := range a.cols {
				if c[k] != 0 {
					x.nonEmpty[j]++
				}
			}
		}
	}
	return a, nil
}

// orderStats is row-for-row agreement of a public file's columns with one
// answers file's columns (meaningful when the row counts are equal).
type orderStats struct {
	ncol   int       // answer columns
	active [][]int32 // per public column: answer columns still within 1%
	miss   []int32   // [pc*ncol+ac] disagreeing rows, -1 once dropped
}

// joinStats is agreement of a public file's columns with one answers file's
// columns, joined on one of its id columns (the public column idCol).
type joinStats struct {
	ans     int // answers file
	id      *idIndex
	idCol   int
	ncol    int
	seen    []uint64 // bit per answer row
	active  [][]int32
	matched []int32 // -1 once dropped
	miss    []int32
}

type publicFile struct {
	rel     string
	read    bool // a CSV within the size bound
	ok      bool
	names   []string
	rows    int
	fp1     []uint64 // multiset fingerprints: sums of hash and mix(hash)
	fp2     []uint64
	hexes   [][4]int
	order   []*orderStats // per answers file
	joins   []*joinStats
	hits    map[hitKey]int // hashed-labels counts (second pass)
	hitCols map[int][]hitKey
}

type hitKey struct{ ans, id, label, pubCol int }

// readPublic is the first pass over one public CSV.
func readPublic(ctx context.Context, seed maphash.Seed, path string, p *publicFile, answers []*answerFile) error {
	h := &hasher{seed: seed}
	var hs []uint64
	ok, err := csvStream(ctx, path, func(names []string) {
		p.names = slices.Clone(names)
		n := len(names)
		p.fp1, p.fp2, p.hexes = make([]uint64, n), make([]uint64, n), make([][4]int, n)
		hs = make([]uint64, n)
		p.order = make([]*orderStats, len(answers))
		for ai, a := range answers {
			if !a.ok || len(a.cols) < 2 || a.rows == 0 {
				continue
			}
			st := &orderStats{ncol: len(a.cols), active: make([][]int32, n), miss: make([]int32, n*len(a.cols))}
			for pc := range st.active {
				st.active[pc] = make([]int32, len(a.cols))
				for ac := range st.active[pc] {
					st.active[pc][ac] = int32(ac)
				}
			}
			p.order[ai] = st
			for _, x := range a.ids {
				pc := slices.Index(names, a.names[x.col])
				if pc < 0 {
					continue
				}
				js := &joinStats{ans: ai, id: x, idCol: pc, ncol: len(a.cols), seen: make([]uint64, (a.rows+63)/64),
					active: make([][]int32, n), matched: make([]int32, n*len(a.cols)), miss: make([]int32, n*len(a.cols))}
				for q := range js.active {
					if q == pc {
						continue
					}
					for ac := range a.cols {
						if ac != x.col {
							js.active[q] = append(js.active[q], int32(ac))
						}
					}
				}
				p.joins = append(p.joins, js)
			}
		}
	}, func(i int, rec []string) {
		for pc, s := range rec {
			v, class := h.cell(s)
			hs[pc] = v
			p.fp1[pc] += v
			p.fp2[pc] += mix(v)
			p.hexes[pc][class]++
		}
		for ai, st := range p.order {
			if st == nil {
				continue
			}
			a := answers[ai]
			if i >= a.rows {
				continue
			}
			for pc, act := range st.active {
				v := hs[pc]
				for k := 0; k < len(act); {
					ac := act[k]
					if v == 0 || v != a.cols[ac][i] {
						m := &st.miss[pc*st.ncol+int(ac)]
						*m++
						if int(*m)*100 > a.rows {
							*m = -1
							act[k] = act[len(act)-1]
							act = act[:len(act)-1]
							continue
						}
					}
					k++
				}
				st.active[pc] = act
			}
		}
		for _, js := range p.joins {
			a := answers[js.ans]
			k, found := js.id.join.get(hs[js.idCol])
			if !found || js.seen[k/64]&(1<<(k%64)) != 0 {
				continue
			}
			js.seen[k/64] |= 1 << (k % 64)
			for pc, act := range js.active {
				v := hs[pc]
				for q := 0; q < len(act); {
					ac := act[q]
					want := a.cols[ac][k]
					if want != 0 {
						at := pc*js.ncol + int(ac)
						if v == want {
							js.matched[at]++
						} else {
							js.miss[at]++
							if (js.id.nonEmpty[ac]-int(js.miss[at]))*10 < a.rows*9 {
								js.matched[at] = -1
								act[q] = act[len(act)-1]
								act = act[:len(act)-1]
								continue
							}
						}
					}
					q++
				}
				js.active[pc] = act
			}
		}
		p.rows = i + 1
	})
	p.ok = ok
	if !ok {
		p.order, p.joins = nil, nil
	}
	return err
}

// digestSet holds the first 8 bytes of the MD5, SHA-1 and SHA-256 digests
// of a label's values and of id+value, sorted per class.
type digestSet [4][]uint64

func (d *digestSet) add(s string) {
	a := md5.Sum([]byte(s))
	b := sha1.Sum([]byte(s))
	c := sha256.Sum256([]byte(s))
	d[hexMD5] = append(d[hexMD5], binary.BigEndian.Uint64(a[:8]))
	d[hexSHA1] = append(d[hexSHA1], binary.BigEndian.Uint64(b[:8]))
	d[hexSHA256] = append(d[hexSHA256], binary.BigEndian.Uint64(c[:8]))
}

func (d *digestSet) has(class int, prefix uint64) bool {
	_, found := slices.BinarySearch(d[class], prefix)
	return found
}

// digests re-reads an answers file for the digests of the label columns
// wanted (keyed by id column and label column).
func digests(ctx context.Context, path string, want map[[2]int]bool) (map[[2]int]*digestSet, error) {
	out := map[[2]int]*digestSet{}
	for k := range want {
		out[k] = &digestSet{}
	}
	_, err := csvStream(ctx, path, nil, func(_ int, rec []string) {
		for k, d := range out {
			v := canon(rec[k[1]])
			d.add(v)
			d.add(canon(rec[k[0]]) + v)
		}
	})
	for _, d := range out {
		for c := range d {
			slices.Sort(d[c])
		}
	}
	return out, err
}

// countHits is the second pass over a public file: hex digests of labels.
func countHits(ctx context.Context, path string, p *publicFile, sets map[[3]int]*digestSet) error {
	p.hits = map[hitKey]int{}
	_, err := csvStream(ctx, path, nil, func(_ int, rec []string) {
		for pc, keys := range p.hitCols {
			s := strings.TrimSpace(rec[pc])
			class := hexClass(s)
			if class == hexNone || (!shortInt(s) && mayBeNumber(s) && isFloat(s)) {
				continue
			}
			prefix := hexPrefix(s)
			for _, k := range keys {
				if sets[[3]int{k.ans, k.id, k.label}].has(class, prefix) {
					p.hits[k]++
				}
			}
		}
	})
	return err
}

func isFloat(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
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
	// The public tree is walked once for its CSVs and the words of its
	// paths; the paths are not kept. Files of one directory come one after
	// the other, so a directory's words are added once.
	seed := maphash.MakeSeed()
	words := &pathWords{seed: seed}
	var pubFiles []string // the CSVs
	lastDir := ""
	err = walkFiles(publicDir, func(rel string) {
		if hasCSVSuffix(rel) {
			pubFiles = append(pubFiles, rel)
		}
		dir, base := "", rel
		if i := strings.LastIndexByte(rel, '/'); i >= 0 {
			dir, base = rel[:i], rel[i+1:]
		}
		if dir != lastDir {
			words.add(dir)
			lastDir = dir
		}
		words.add(base)
	})
	if err != nil {
		return nil, fmt.Errorf("listing the public files: %w", err)
	}
	words.compact()
	sort.Strings(pubFiles)
	readable := func(dir, f string) bool {
		if !strings.HasSuffix(strings.ToLower(f), ".csv") {
			return false
		}
		st, err := os.Stat(filepath.Join(dir, f))
		if err != nil || st.Size() > maxBytes {
			rep.Skipped = append(rep.Skipped, f)
			return false
		}
		return true
	}

	// The sample submission's header decides the possible id columns now;
	// whether it reads as a whole is known after the public pass.
	var sampleHeader []string
	if opt.SampleSubmission != "" {
		if f, err := os.Open(opt.SampleSubmission); err == nil {
			sampleHeader, _ = table.NewReader(f).Header()
			f.Close()
		}
	}

	answers := make([]*answerFile, len(privFiles))
	checks := nameChecks{}
	for i, f := range privFiles {
		answers[i] = &answerFile{rel: f}
		if !readable(privateDir, f) {
			continue
		}
		a, err := readAnswers(ctx, seed, filepath.Join(privateDir, f), f, sampleHeader, words, checks)
		if err != nil {
			return nil, err
		}
		answers[i] = a
	}
	words = nil
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// Only rows whose id names a file and whose label could be in a path
	// need the paths: a second walk looks for their labels.
	if len(checks) > 0 {
		if err := walkFiles(publicDir, func(rel string) { checks.visit(seed, rel) }); err != nil {
			return nil, fmt.Errorf("listing the public files: %w", err)
		}
		for _, a := range answers {
			for _, x := range a.ids {
				for _, c := range x.checks {
					for j, carried := range c.carried {
						if !carried {
							continue
						}
						x.carrying[j]++
						if x.example[j] == "" {
							x.example[j] = c.first[j]
						}
					}
				}
				x.checks = nil
			}
		}
		checks = nil
	}

	// The public CSVs read, in path order (other files only have names).
	var pubs []*publicFile
	var pubPaths []string
	var todo []int
	for _, f := range pubFiles {
		if readable(publicDir, f) {
			todo = append(todo, len(pubs))
			pubs = append(pubs, &publicFile{rel: f, read: true})
			pubPaths = append(pubPaths, filepath.Join(publicDir, f))
		}
	}
	if err := eachParallel(ctx, pubPaths, todo, func(i int) error {
		return readPublic(ctx, seed, pubPaths[i], pubs[i], answers)
	}); err != nil {
		return nil, err
	}

	var sampleCols []string
	if opt.SampleSubmission != "" {
		rel, err := filepath.Rel(publicDir, opt.SampleSubmission)
		k, found := slices.BinarySearchFunc(pubs, rel, func(p *publicFile, rel string) int { return strings.Compare(p.rel, rel) })
		sampleOK := false
		if err == nil && found {
			sampleOK, sampleHeader = pubs[k].ok, pubs[k].names
		} else if sampleOK, err = csvStream(ctx, opt.SampleSubmission, nil, nil); err != nil {
			return nil, err
		}
		if sampleOK {
			sampleCols = sampleHeader
		}
	}
	testCols := map[string]bool{}
	for _, p := range pubs {
		if p.ok && strings.Contains(strings.ToLower(filepath.Base(p.rel)), "test") {
			for _, n := range p.names {
				testCols[n] = true
			}
		}
	}

	// The id and label columns of each answers file.
	type plan struct {
		id     *idIndex
		labels []int
	}
	plans := make([]*plan, len(answers))
	for i, a := range answers {
		if !a.ok || len(a.names) < 2 {
			continue
		}
		idc := 0
		var labels []int
		if len(sampleCols) >= 2 {
			if j := slices.Index(a.names, sampleCols[0]); j >= 0 {
				idc = j
			}
			for j, n := range a.names {
				if j != idc && n != a.names[idc] && slices.Contains(sampleCols[1:], n) && !testCols[n] {
					labels = append(labels, j)
				}
			}
		} else {
			for j, n := range a.names[1:] {
				if !testCols[n] {
					labels = append(labels, j+1)
				}
			}
		}
		ids := a.cols[idc]
		if distinctHashes(ids) < min(len(ids), 1000) {
			continue // no unique id column to join on
		}
		plans[i] = &plan{id: a.id(idc), labels: labels}
	}

	// Second pass for hashed labels, only where a public column has enough
	// values that look like digests.
	wantDigests := map[int]map[[2]int]bool{}
	for ai, pl := range plans {
		if pl == nil {
			continue
		}
		a := answers[ai]
		for _, lc := range pl.labels {
			if a.rows < 10 || distinctHashes(a.cols[lc]) < 2 {
				continue
			}
			for _, p := range pubs {
				if !p.ok {
					continue
				}
				for pc, hx := range p.hexes {
					cand := hx[hexMD5] + hx[hexSHA1] + hx[hexSHA256]
					if cand >= 10 && cand*2 >= a.rows {
						if p.hitCols == nil {
							p.hitCols = map[int][]hitKey{}
						}
						p.hitCols[pc] = append(p.hitCols[pc], hitKey{ai, pl.id.col, lc, pc})
						if wantDigests[ai] == nil {
							wantDigests[ai] = map[[2]int]bool{}
						}
						wantDigests[ai][[2]int{pl.id.col, lc}] = true
					}
				}
			}
		}
	}
	if len(wantDigests) > 0 {
		sets := map[[3]int]*digestSet{}
		for ai, want := range wantDigests {
			ds, err := digests(ctx, filepath.Join(privateDir, answers[ai].rel), want)
			if err != nil {
				return nil, err
			}
			for k, d := range ds {
				sets[[3]int{ai, k[0], k[1]}] = d
			}
		}
		var again []int
		for i, p := range pubs {
			if len(p.hitCols) > 0 {
				again = append(again, i)
			}
		}
		if err := eachParallel(ctx, pubPaths, again, func(i int) error {
			return countHits(ctx, pubPaths[i], pubs[i], sets)
		}); err != nil {
			return nil, err
		}
	}

	// Findings, in the order of reading every table whole: per answers file
	// and label, joined on the id, then in order, then hashed; then the file
	// names.
	for ai, pl := range plans {
		if pl == nil {
			continue
		}
		a := answers[ai]
		idName := a.names[pl.id.col]
		n := a.rows
		majority := map[int]int{}
		maj := func(lc int) int {
			if m, ok := majority[lc]; ok {
				return m
			}
			majority[lc] = majorityHashes(a.cols[lc])
			return majority[lc]
		}
		for _, lc := range pl.labels {
			label := a.names[lc]
			if n < 10 || distinctHashes(a.cols[lc]) < 2 {
				continue
			}
			manyValues := distinctHashes(a.cols[lc]) >= 10
			var s1, s2 uint64
			for _, v := range a.cols[lc] {
				s1 += v
				s2 += mix(v)
			}
			for _, p := range pubs {
				for _, js := range p.joins {
					if js.ans != ai || js.id != pl.id {
						continue
					}
					for pc, c := range p.names {
						if c == idName {
							continue
						}
						matched := int(js.matched[pc*js.ncol+lc])
						if matched >= 10 && matched*10 >= n*9 && matched > maj(lc) {
							rep.Findings = append(rep.Findings, Finding{Kind: "answers-by-id", File: p.rel, Column: c, AnswerFile: a.rel, AnswerColumn: label,
								RowsMatched: matched, RowsTotal: n,
								Detail: fmt.Sprintf("joined on %s, %s holds the answers' %s for %d of %d test rows", idName, c, label, matched, n)})
						}
					}
				}
			}
			for _, p := range pubs {
				if !p.ok || p.rows != n {
					continue
				}
				st := p.order[ai]
				for pc, c := range p.names {
					if c == idName {
						continue
					}
					if miss := int(st.miss[pc*st.ncol+lc]); miss >= 0 {
						same := n - miss
						if same*100 >= n*99 && same > maj(lc) {
							rep.Findings = append(rep.Findings, Finding{Kind: "answers-in-order", File: p.rel, Column: c, AnswerFile: a.rel, AnswerColumn: label,
								RowsMatched: same, RowsTotal: n, Detail: fmt.Sprintf("%s holds the answers' %s row for row (%d of %d)", c, label, same, n)})
							continue
						}
					}
					if !manyValues {
						continue
					}
					if p.fp1[pc] == s1 && p.fp2[pc] == s2 {
						rep.Findings = append(rep.Findings, Finding{Kind: "answers-in-order", File: p.rel, Column: c, AnswerFile: a.rel, AnswerColumn: label,
							RowsMatched: n, RowsTotal: n, Detail: fmt.Sprintf("%s holds exactly the answers' %s values in another order", c, label)})
					}
				}
			}
			for _, p := range pubs {
				if !p.ok {
					continue
				}
				for pc, c := range p.names {
					hits := p.hits[hitKey{ai, pl.id.col, lc, pc}]
					if hits >= 10 && hits*2 >= n {
						rep.Findings = append(rep.Findings, Finding{Kind: "hashed-labels", File: p.rel, Column: c, AnswerFile: a.rel, AnswerColumn: label,
							RowsMatched: hits, RowsTotal: n, Detail: fmt.Sprintf("%s holds hex digests of the answers' %s", c, label)})
					}
				}
			}
		}
		if n == 0 {
			continue
		}
		x := pl.id
		for _, lc := range pl.labels {
			if distinctHashes(a.cols[lc]) < 2 {
				continue
			}
			carrying, named, example := x.carrying[lc], x.named, x.example[lc]
			if carrying >= 5 && carrying*2 >= named {
				rep.Findings = append(rep.Findings, Finding{Kind: "label-in-file-name", File: example, AnswerFile: a.rel, AnswerColumn: a.names[lc],
					RowsMatched: carrying, RowsTotal: named,
					Detail: fmt.Sprintf("%d of %d public files named after a test id also carry its %s (e.g. %s)", carrying, named, a.names[lc], example)})
			}
		}
	}
	return rep, nil
}

// eachParallel runs fn on the files todo (indexes into paths), largest
// first, on GOMAXPROCS goroutines; the first error wins.
func eachParallel(ctx context.Context, paths []string, todo []int, fn func(i int) error) error {
	size := make(map[int]int64, len(todo))
	for _, i := range todo {
		if st, err := os.Stat(paths[i]); err == nil {
			size[i] = st.Size()
		}
	}
	order := slices.Clone(todo)
	sort.SliceStable(order, func(x, y int) bool { return size[order[x]] > size[order[y]] })
	next := make(chan int)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	for range min(runtime.GOMAXPROCS(0), max(len(order), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := fn(i); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
				}
			}
		}()
	}
	for _, i := range order {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}

// canon is the text a label compares by.
func canon(s string) string {
	s = strings.TrimSpace(s)
	if f, err := strconv.ParseFloat(s, 64); err == nil && s != "" {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return s
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
