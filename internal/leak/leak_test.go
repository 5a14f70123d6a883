package leak

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// prepared writes a small prepared competition: 40 test rows with a
// categorical label, a train.csv, test.csv and sample_submission.csv, then
// lets plant add a leak.
func prepared(t *testing.T, plant func(pub string, ids, labels []string)) (string, string) {
	t.Helper()
	dir := t.TempDir()
	pub, priv := filepath.Join(dir, "public"), filepath.Join(dir, "private")
	os.MkdirAll(pub, 0o755)
	os.MkdirAll(priv, 0o755)
	classes := []string{"cat", "dog", "owl"}
	var ids, labels []string
	var ans, test, sample, train strings.Builder
	ans.WriteString("id,species\n")
	test.WriteString("id,weight,colour\n")
	sample.WriteString("id,species\n")
	train.WriteString("id,weight,colour,species\n")
	for i := 0; i < 40; i++ {
		id := fmt.Sprintf("t%04d", i)
		label := classes[(i*7+i/3)%3]
		ids, labels = append(ids, id), append(labels, label)
		fmt.Fprintf(&ans, "%s,%s\n", id, label)
		fmt.Fprintf(&test, "%s,%d.5,%s\n", id, 10+i%9, []string{"red", "blue"}[i%2])
		fmt.Fprintf(&sample, "%s,cat\n", id)
		fmt.Fprintf(&train, "r%04d,%d.0,%s,%s\n", i, 5+i%4, []string{"red", "blue"}[i%2], classes[i%3])
	}
	os.WriteFile(filepath.Join(priv, "answers.csv"), []byte(ans.String()), 0o644)
	os.WriteFile(filepath.Join(pub, "test.csv"), []byte(test.String()), 0o644)
	os.WriteFile(filepath.Join(pub, "sample_submission.csv"), []byte(sample.String()), 0o644)
	os.WriteFile(filepath.Join(pub, "train.csv"), []byte(train.String()), 0o644)
	os.MkdirAll(filepath.Join(pub, "images"), 0o755)
	for _, id := range ids {
		os.WriteFile(filepath.Join(pub, "images", id+".jpg"), []byte("x"), 0o644)
	}
	if plant != nil {
		plant(pub, ids, labels)
	}
	return pub, priv
}

func TestPlantedLeaks(t *testing.T) {
	tests := []struct {
		name      string
		id        string
		plant     func(pub string, ids, labels []string)
		wantKinds []string
		wantFile  string
	}{
		{name: "clean", wantKinds: nil},
		{name: "test labels in train.csv", plant: func(pub string, ids, labels []string) {
			f, _ := os.OpenFile(filepath.Join(pub, "train.csv"), os.O_APPEND|os.O_WRONLY, 0)
			for i := range ids {
				fmt.Fprintf(f, "%s,1.0,red,%s\n", ids[i], labels[i])
			}
			f.Close()
		}, wantKinds: []string{"answers-by-id"}, wantFile: "train.csv"},
		{name: "label column in test.csv, shuffled rows", plant: func(pub string, ids, labels []string) {
			var b strings.Builder
			b.WriteString("id,weight,hint\n")
			for i := len(ids) - 1; i >= 0; i-- {
				fmt.Fprintf(&b, "%s,1.5,%s\n", ids[i], labels[i])
			}
			os.WriteFile(filepath.Join(pub, "test.csv"), []byte(b.String()), 0o644)
		}, wantKinds: []string{"answers-by-id"}, wantFile: "test.csv"},
		{name: "labels in order without ids", plant: func(pub string, ids, labels []string) {
			os.WriteFile(filepath.Join(pub, "extra.csv"), []byte("x\n"+strings.Join(labels, "\n")+"\n"), 0o644)
		}, wantKinds: []string{"answers-in-order"}, wantFile: "extra.csv"},
		{name: "hashed labels", plant: func(pub string, ids, labels []string) {
			var b strings.Builder
			b.WriteString("row,check\n")
			for i := range ids {
				h := md5.Sum([]byte(ids[i] + labels[i]))
				fmt.Fprintf(&b, "%d,%s\n", i, hex.EncodeToString(h[:]))
			}
			os.WriteFile(filepath.Join(pub, "meta.csv"), []byte(b.String()), 0o644)
		}, wantKinds: []string{"hashed-labels"}, wantFile: "meta.csv"},
		{name: "labels in file names", plant: func(pub string, ids, labels []string) {
			os.RemoveAll(filepath.Join(pub, "images"))
			os.MkdirAll(filepath.Join(pub, "images"), 0o755)
			for i, id := range ids {
				os.WriteFile(filepath.Join(pub, "images", labels[i]+"."+id+".jpg"), []byte("x"), 0o644)
			}
		}, wantKinds: []string{"label-in-file-name"}},
		{name: "known leak listed", id: "random-acts-of-pizza", wantKinds: []string{"known"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pub, priv := prepared(t, tc.plant)
			id := tc.id
			if id == "" {
				id = "toy"
			}
			rep, err := Scan(context.Background(), id, pub, priv, Options{})
			if err != nil {
				t.Fatal(err)
			}
			withSample, err := Scan(context.Background(), id, pub, priv, Options{SampleSubmission: filepath.Join(pub, "sample_submission.csv")})
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(withSample.Findings) != fmt.Sprint(rep.Findings) {
				t.Errorf("with the sample submission: %+v\nwithout: %+v", withSample.Findings, rep.Findings)
			}
			var kinds []string
			for _, f := range rep.Findings {
				kinds = append(kinds, f.Kind)
			}
			if strings.Join(kinds, ",") != strings.Join(tc.wantKinds, ",") {
				t.Fatalf("findings %+v, want kinds %v", rep.Findings, tc.wantKinds)
			}
			if tc.wantFile != "" && rep.Findings[0].File != tc.wantFile {
				t.Errorf("evidence file %q, want %q", rep.Findings[0].File, tc.wantFile)
			}
			for _, f := range rep.Findings {
				if f.Detail == "" || (f.Kind != "known" && (f.AnswerColumn != "species" || f.RowsMatched == 0)) {
					t.Errorf("finding without evidence: %+v", f)
				}
			}
		})
	}
}

func TestKnownHasSources(t *testing.T) {
	for _, k := range Known {
		if k.CompetitionID == "" || k.What == "" || !strings.Contains(k.Source, "upstream README") {
			t.Errorf("known leak without a source: %+v", k)
		}
	}
}

// TestConstantGuessIsNoLeak: a one-hot label that is mostly 0 and a sample
// submission of all zeros agree on most rows, but no more than a constant
// guess does: no finding.
func TestConstantGuessIsNoLeak(t *testing.T) {
	dir := t.TempDir()
	pub, priv := filepath.Join(dir, "public"), filepath.Join(dir, "private")
	os.MkdirAll(pub, 0o755)
	os.MkdirAll(priv, 0o755)
	var ans, sample strings.Builder
	ans.WriteString("fname,Bark\n")
	sample.WriteString("fname,Bark\n")
	for i := 0; i < 30; i++ {
		v := 0
		if i%15 == 0 {
			v = 1
		}
		fmt.Fprintf(&ans, "f%03d.wav,%d\n", i, v)
		fmt.Fprintf(&sample, "f%03d.wav,0\n", i)
	}
	os.WriteFile(filepath.Join(priv, "test.csv"), []byte(ans.String()), 0o644)
	os.WriteFile(filepath.Join(pub, "sample_submission.csv"), []byte(sample.String()), 0o644)
	rep, err := Scan(context.Background(), "toy", pub, priv, Options{SampleSubmission: filepath.Join(pub, "sample_submission.csv")})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 0 {
		t.Errorf("findings %+v", rep.Findings)
	}
}
