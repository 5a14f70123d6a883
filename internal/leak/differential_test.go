package leak

import (
	"context"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"
)

// tree writes files (path relative to dir: content) under dir.
func tree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, c := range files {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// both runs the streaming scan and the whole-table reference and requires
// the same report.
func both(t *testing.T, pub, priv string, opt Options) *Report {
	t.Helper()
	got, err := Scan(context.Background(), "toy", pub, priv, opt)
	if err != nil {
		t.Fatal(err)
	}
	want, err := referenceScan(context.Background(), "toy", pub, priv, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("streaming scan differs from the whole-table scan\n got: %+v\nwant: %+v", got, want)
	}
	return got
}

func csvOf(header string, rows []string) string {
	return header + "\n" + strings.Join(rows, "\n") + "\n"
}

func digestHex(kind int, s string) string {
	switch kind {
	case 0:
		h := md5.Sum([]byte(s))
		return hex.EncodeToString(h[:])
	case 1:
		h := sha1.Sum([]byte(s))
		return hex.EncodeToString(h[:])
	}
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// TestStreamingMatchesWholeTables plants leaks near every threshold and in
// files the reader must refuse, and compares the two scans.
func TestStreamingMatchesWholeTables(t *testing.T) {
	const n = 200
	ids := make([]string, n)
	labels := make([]string, n) // many-valued numeric
	classes := make([]string, n)
	for i := range ids {
		ids[i] = fmt.Sprintf("%d", 5000+i*3)
		labels[i] = fmt.Sprintf("%d.%d", i%37, i%4*25)
		classes[i] = []string{"cat", "dog", "owl"}[(i*7+i/3)%3]
	}
	answers := func() string {
		var rows []string
		for i := range ids {
			rows = append(rows, ids[i]+","+labels[i]+","+classes[i])
		}
		return csvOf("id,y,kind", rows)
	}()
	sample := func() string {
		var rows []string
		for i := range ids {
			rows = append(rows, ids[i]+",0,cat")
		}
		return csvOf("id,y,kind", rows)
	}()
	// copyRows writes id,value rows for the first k test rows, the others
	// with a wrong value.
	joined := func(k int, col func(i int) string) string {
		var rows []string
		for i := n - 1; i >= 0; i-- { // reversed: a join, not an order
			v := col(i)
			if i >= k {
				v = "wrong" + fmt.Sprint(i)
			}
			rows = append(rows, ids[i]+","+v)
		}
		return csvOf("id,copy", rows)
	}
	inOrder := func(k int) string {
		var rows []string
		for i := range ids {
			v := labels[i]
			if i >= k {
				v = "x"
			}
			rows = append(rows, v)
		}
		return csvOf("hint", rows)
	}
	cases := []struct {
		name  string
		files map[string]string // "public/..." or "private/..."
		opt   func(pub string) Options
	}{
		{name: "clean", files: map[string]string{}},
		{name: "by id at 90%", files: map[string]string{"public/train_extra.csv": joined(180, func(i int) string { return labels[i] })}},
		{name: "by id below 90%", files: map[string]string{"public/train_extra.csv": joined(179, func(i int) string { return labels[i] })}},
		{name: "by id, other number spellings", files: map[string]string{"public/x.csv": joined(n, func(i int) string { return " " + labels[i] + "0e0 " })}},
		{name: "by id, classes", files: map[string]string{"public/x.csv": joined(n, func(i int) string { return classes[i] })}},
		{name: "by id, duplicate ids in public", files: map[string]string{"public/x.csv": joined(n, func(i int) string { return labels[i] }) +
			strings.Join([]string{ids[0] + ",nope", ids[1] + ",nope"}, "\n") + "\n"}},
		{name: "in order at 99%", files: map[string]string{"public/hint.csv": inOrder(198)}},
		{name: "in order below 99%", files: map[string]string{"public/hint.csv": inOrder(197)}},
		{name: "in order, one row more", files: map[string]string{"public/hint.csv": inOrder(n) + "1\n"}},
		{name: "same values shuffled", files: map[string]string{"public/hint.csv": func() string {
			var rows []string
			for i := range labels {
				rows = append(rows, labels[(i*17)%n])
			}
			return csvOf("hint", rows)
		}()}},
		{name: "same values but one", files: map[string]string{"public/hint.csv": func() string {
			var rows []string
			for i := range labels {
				rows = append(rows, labels[(i*17)%n])
			}
			rows[5] = "999"
			return csvOf("hint", rows)
		}()}},
		{name: "hashed md5 id+label", files: map[string]string{"public/meta.csv": func() string {
			var rows []string
			for i := range ids {
				rows = append(rows, fmt.Sprintf("%d,%s", i, digestHex(0, ids[i]+labels[i])))
			}
			return csvOf("row,check", rows)
		}()}},
		{name: "hashed sha1 of the label, upper case, half the rows", files: map[string]string{"public/meta.csv": func() string {
			var rows []string
			for i := range ids {
				v := strings.ToUpper(digestHex(1, classes[i]))
				if i%2 == 1 {
					v = digestHex(1, "nothing"+fmt.Sprint(i))
				}
				rows = append(rows, fmt.Sprintf("%d,%s", i, v))
			}
			return csvOf("row,check", rows)
		}()}},
		{name: "hashed sha256, just under half", files: map[string]string{"public/meta.csv": func() string {
			var rows []string
			for i := range ids {
				v := digestHex(2, ids[i]+classes[i])
				if i < n/2+1 {
					v = digestHex(2, "x"+fmt.Sprint(i))
				}
				rows = append(rows, v)
			}
			return csvOf("check", rows)
		}()}},
		{name: "hex ids without a leak", files: map[string]string{"public/ids.csv": func() string {
			var rows []string
			for i := range ids {
				rows = append(rows, digestHex(1, "img"+fmt.Sprint(i))+",1")
			}
			return csvOf("id_hex,v", rows)
		}()}},
		{name: "leak in a file with invalid UTF-8", files: map[string]string{"public/bad.csv": joined(n, func(i int) string { return labels[i] }) + "\xff\xfe,1\n"}},
		{name: "leak in a ragged file", files: map[string]string{"public/bad.csv": joined(n, func(i int) string { return labels[i] }) + "1,2,3\n"}},
		{name: "leak in a file with an open quote", files: map[string]string{"public/bad.csv": joined(n, func(i int) string { return labels[i] }) + "\"1,2\n"}},
		{name: "leak after an implicit index", files: map[string]string{"public/idx.csv": func() string {
			var rows []string
			for i := range ids {
				rows = append(rows, fmt.Sprintf("%d,%s,%s", i, ids[i], labels[i]))
			}
			return csvOf("id,copy", rows)
		}()}},
		{name: "quoted cells with newlines and duplicate names", files: map[string]string{"public/q.csv": func() string {
			var rows []string
			for i := range ids {
				rows = append(rows, fmt.Sprintf("%s,\"%s\",\"a\nb\"", ids[i], labels[i]))
			}
			return csvOf("id,y,y", rows)
		}()}},
		{name: "empty and header-only files", files: map[string]string{"public/empty.csv": "", "public/head.csv": "id,y\n", "public/blank.csv": "\n\n"}},
		{name: "labels in file names", files: func() map[string]string {
			m := map[string]string{}
			for i := range ids {
				m[fmt.Sprintf("public/images/%s/%s.jpg", classes[i], ids[i])] = "x"
			}
			return m
		}()},
		{name: "labels in file names, several files per id", files: func() map[string]string {
			// Per id: a file without the label; for most ids one with the
			// label in upper case in its directory, for some an earlier path
			// with the label in its base name; ids named only by a directory;
			// every seventh id names no file.
			m := map[string]string{}
			for i := range ids {
				switch {
				case i%7 == 0:
				case i%5 == 0:
					m[fmt.Sprintf("public/%s/img.jpg", ids[i])] = "x"
					m[fmt.Sprintf("public/%s/%s.jpg", ids[i], classes[(i+1)%n])] = "x"
				default:
					m[fmt.Sprintf("public/plain/%s.jpg", ids[i])] = "x"
					if i%3 != 0 {
						m[fmt.Sprintf("public/a/%s/%s-%d.png", strings.ToUpper(classes[i]), ids[i], i)] = "x"
					}
					if i%4 == 1 {
						// Sorts before a/ but is walked after it.
						m[fmt.Sprintf("public/a-b/%s_%s.txt", classes[i], ids[i])] = "x"
					}
				}
			}
			return m
		}()},
		{name: "test file repeats a label column", files: map[string]string{
			"public/test.csv": func() string {
				var rows []string
				for i := range ids {
					rows = append(rows, ids[i]+","+classes[i])
				}
				return csvOf("id,kind", rows)
			}(),
		}},
		{name: "second answers file, duplicate ids", files: map[string]string{
			"private/more.csv": func() string {
				var rows []string
				for i := range ids {
					rows = append(rows, fmt.Sprintf("%s,%s", ids[i/2], classes[i]))
				}
				return csvOf("id,kind", rows)
			}(),
			"public/x.csv": joined(n, func(i int) string { return classes[i] }),
		}},
		{name: "answers with empty labels", files: map[string]string{
			"private/answers.csv": func() string {
				var rows []string
				for i := range ids {
					v := labels[i]
					if i%5 == 0 {
						v = ""
					}
					rows = append(rows, ids[i]+","+v+","+classes[i])
				}
				return csvOf("id,y,kind", rows)
			}(),
			"public/x.csv": joined(n, func(i int) string { return labels[i] }),
		}},
		{name: "sample submission names the id second", files: map[string]string{
			"private/answers.csv": func() string {
				var rows []string
				for i := range ids {
					rows = append(rows, classes[i]+","+ids[i]+","+labels[i])
				}
				return csvOf("kind,id,y", rows)
			}(),
			"public/x.csv": joined(n, func(i int) string { return labels[i] }),
		}},
		{name: "invalid sample submission", files: map[string]string{
			"public/sample_submission.csv": sample + "1,2,3,4\n",
			"public/x.csv":                 joined(n, func(i int) string { return classes[i] }),
		}},
		{name: "size bound skips files", files: map[string]string{"public/x.csv": joined(n, func(i int) string { return labels[i] })},
			opt: func(pub string) Options { return Options{MaxFileBytes: 3000} }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			pub, priv := filepath.Join(dir, "public"), filepath.Join(dir, "private")
			files := map[string]string{"private/answers.csv": answers, "public/sample_submission.csv": sample}
			for k, v := range tc.files {
				files[k] = v
			}
			tree(t, dir, files)
			opt := Options{SampleSubmission: filepath.Join(pub, "sample_submission.csv")}
			if tc.opt != nil {
				opt = tc.opt(pub)
			}
			rep := both(t, pub, priv, opt)
			opt.SampleSubmission = ""
			both(t, pub, priv, opt)
			t.Logf("%d finding(s)", len(rep.Findings))
		})
	}
}

// TestStreamingMatchesWholeTablesRandom compares the scans on random
// tables with random partial copies of the labels.
func TestStreamingMatchesWholeTablesRandom(t *testing.T) {
	rounds := 60
	if testing.Short() {
		rounds = 15
	}
	findings := 0
	for r := range rounds {
		rng := rand.New(rand.NewPCG(uint64(r), 7))
		dir := t.TempDir()
		pub, priv := filepath.Join(dir, "public"), filepath.Join(dir, "private")
		n := 10 + rng.IntN(300)
		vocab := 2 + rng.IntN(40)
		ids := make([]string, n)
		labels := make([]string, n)
		var ans []string
		dupIDs := rng.IntN(4) == 0
		for i := range ids {
			ids[i] = fmt.Sprintf("r%d", i*13)
			if rng.IntN(3) == 0 {
				ids[i] = fmt.Sprint(i * 11)
			}
			if dupIDs && rng.IntN(10) == 0 {
				ids[i] = "r0"
			}
			labels[i] = fmt.Sprint(rng.IntN(vocab))
			if rng.IntN(20) == 0 {
				labels[i] = ""
			}
			ans = append(ans, ids[i]+","+labels[i])
		}
		files := map[string]string{"private/a.csv": csvOf("id,target", ans)}
		for f := range 1 + rng.IntN(4) {
			var rows []string
			rowsN := n
			if rng.IntN(3) == 0 {
				rowsN = n + rng.IntN(5) - 2
			}
			agree := 1.0
			if rng.IntN(2) == 0 {
				agree = 0.8 + 0.2*rng.Float64()
			}
			for i := range max(rowsN, 0) {
				j := i % n
				if rng.IntN(2) == 0 && f%2 == 1 {
					j = rng.IntN(n)
				}
				v := labels[j]
				if rng.Float64() > agree {
					v = fmt.Sprint(rng.IntN(vocab))
				}
				h := digestHex(rng.IntN(3), ids[j]+labels[j])
				if rng.IntN(2) == 0 {
					h = digestHex(rng.IntN(3), labels[j])
				}
				rows = append(rows, fmt.Sprintf("%s,%s,%s,%s", ids[j], v, h, labels[(j+1)%n]))
			}
			name := []string{"train", "test", "extra", "sample_submission"}[f%4]
			files[fmt.Sprintf("public/%s_%d.csv", name, f)] = csvOf("id,target,h,other", rows)
		}
		tree(t, dir, files)
		rep := both(t, pub, priv, Options{})
		findings += len(rep.Findings)
	}
	if findings == 0 {
		t.Error("no round planted a detectable leak: the comparison proves little")
	}
	t.Logf("%d findings over %d rounds", findings, rounds)
}

// TestScanMemoryBounded scans a public file of ~7 MB that repeats the
// answers' ids and labels; the heap must stay far below the file's size
// (the whole-table scan held several times the file).
func TestScanMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 7 MB file")
	}
	dir := t.TempDir()
	pub, priv := filepath.Join(dir, "public"), filepath.Join(dir, "private")
	os.MkdirAll(pub, 0o755)
	os.MkdirAll(priv, 0o755)
	const answers = 20000
	var b strings.Builder
	b.WriteString("id,target\n")
	for i := range answers {
		fmt.Fprintf(&b, "%d,%d.%d\n", 1000000+i, i%97, i%13)
	}
	os.WriteFile(filepath.Join(priv, "answers.csv"), []byte(b.String()), 0o644)
	f, err := os.Create(filepath.Join(pub, "train.csv"))
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintln(f, "id,feature_a,feature_b,target")
	for i := range 250000 {
		fmt.Fprintf(f, "%d,%d.25,word%d,%d.%d\n", i*7, i%1000, i%5000, i%97, i%13)
	}
	f.Close()
	st, _ := os.Stat(filepath.Join(pub, "train.csv"))

	grew := heapGrowth(t, func() {
		if _, err := Scan(context.Background(), "toy", pub, priv, Options{}); err != nil {
			t.Fatal(err)
		}
	})
	t.Logf("public file %d MB, heap grew by at most %.1f MB", st.Size()>>20, float64(grew)/(1<<20))
	// The answers' hashes and join table take ~1 MB (2-3 MB measured); a whole-table read
	// holds the file and a string per cell (55 MB measured).
	if grew > 8<<20 {
		t.Errorf("heap grew by %d bytes scanning a %d-byte file: not streaming", grew, st.Size())
	}
}

// heapGrowth runs fn with little garbage allowed (GC at 10% growth) and
// returns the most the heap grew above its size before fn, sampled every
// 5 ms: what fn keeps.
func heapGrowth(t *testing.T, fn func()) int64 {
	t.Helper()
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	peak := uint64(0)
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapAlloc)
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	fn()
	close(done)
	<-sampled
	return int64(peak) - int64(base.HeapAlloc)
}

// TestScanMemoryManyFiles scans a public tree of 20,000 image files, some
// named after the answers' ids: the heap must not hold the paths (a
// big-image competition has millions; herbarium-2021's 2.26M took 1 GiB
// when every path and an index entry per path word were held).
func TestScanMemoryManyFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 20,000 files")
	}
	dir := t.TempDir()
	pub, priv := filepath.Join(dir, "public"), filepath.Join(dir, "private")
	const files, answers = 20000, 2000
	var b strings.Builder
	b.WriteString("Id,Predicted\n")
	for i := range answers {
		fmt.Fprintf(&b, "%d,%d\n", 100000+i*10, i%97)
	}
	tree(t, dir, map[string]string{"private/answers.csv": b.String(), "public/sample_submission.csv": "Id,Predicted\n100000,0\n"})
	for d := range files / 200 {
		sub := filepath.Join(pub, "train", "images", fmt.Sprintf("%03d", d), fmt.Sprintf("%02d", d%100))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		for k := range 200 {
			if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("%d.jpg", 100000+(d*200+k)*5)), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	var rep *Report
	grew := heapGrowth(t, func() {
		var err error
		if rep, err = Scan(context.Background(), "toy", pub, priv, Options{}); err != nil {
			t.Fatal(err)
		}
	})
	t.Logf("%d files, heap grew by at most %.2f MB (%.1f bytes a file)", files, float64(grew)/(1<<20), float64(grew)/files)
	// The set of path words: one 8-byte hash per distinct word (here the
	// files' numbers), up to about four times that while it is built, the
	// answers' hashes (~0.1 MB) and the garbage the 10% GC target allows:
	// 40-65 bytes a file measured. Holding every path and an index entry
	// per path word took 408 bytes a file.
	if grew > 120*files {
		t.Errorf("heap grew by %d bytes for %d files: the paths are held", grew, files)
	}
	if len(rep.Detected()) != 0 {
		t.Errorf("findings on numeric labels: %+v", rep.Detected())
	}
}

// TestMayBeNumber: the shortcut never rejects what strconv.ParseFloat
// accepts.
func TestMayBeNumber(t *testing.T) {
	for _, s := range []string{"1", "-1.5", "+.5", "1e5", "1E-5", "1_000", "0x1p-2", "0X1P3", "inf", "-Inf", "+infinity", "NaN", "nan", ".5e+3", "1.", "00012", "9007199254740993"} {
		if _, err := strconv.ParseFloat(s, 64); err != nil {
			continue // not a number either way
		}
		if !mayBeNumber(s) {
			t.Errorf("mayBeNumber(%q) = false, but ParseFloat accepts it", s)
		}
	}
	for _, s := range []string{"a1", "1a", "0a3f", "-", "x", "1/2", "12:30"} {
		if mayBeNumber(s) {
			t.Errorf("mayBeNumber(%q) = true", s)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "0123456789.eE+-_xXpPaAfFinINtyT "
	for range 200000 {
		b := make([]byte, 1+rng.IntN(8))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		s := string(b)
		if _, err := strconv.ParseFloat(s, 64); err == nil && !mayBeNumber(s) {
			t.Fatalf("mayBeNumber(%q) = false, but ParseFloat accepts it", s)
		}
	}
}
