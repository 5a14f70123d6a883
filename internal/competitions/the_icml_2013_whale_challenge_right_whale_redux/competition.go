// Package the_icml_2013_whale_challenge_right_whale_redux is the the-icml-2013-whale-challenge-right-whale-redux competition (the original's
// mlebench/competitions/the-icml-2013-whale-challenge-right-whale-redux/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/the-icml-2013-whale-challenge-right-whale-redux.md
//
// Quirks reproduced:
//   - raw/train2.zip is read in place with shutil.unpack_archive's member
//     rules (names starting with "/" or containing ".." are skipped, later
//     duplicates win); every entry directly inside train2/ is a sample, with
//     no extension filter;
//   - the split is by recording date (file-name text before the first "_"):
//     exactly 4 dates (asserted), the first two (sorted) are train, the last
//     two test; each side is sorted by file name;
//   - train clips keep their names with every "TRAIN<digits>" replaced by
//     "TRAIN<idx>"; test clips become "<text before the first TRAIN>Test<idx>.aif"
//     and their label is 1 iff the old file stem ends in "_1";
//   - the original's count asserts on *.aif files: a non-.aif entry fails
//     prepare; a sub-folder fails too (the original cannot copy it);
//   - the public clips end up only in public/train2.zip and public/test2.zip
//     (shutil.make_archive: a "train2/" directory entry, then the files,
//     deflated; here in name order with a fixed timestamp);
//   - grading is prepare_for_auroc_metric (clip, probability) and
//     scikit-learn's binary roc_auc_score, a numpy float64.
package the_icml_2013_whale_challenge_right_whale_redux

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "the-icml-2013-whale-challenge-right-whale-redux",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

// trainRE is the original's re.sub pattern for renaming train clips.
var trainRE = regexp.MustCompile(`TRAIN[0-9]+`)

// clip is one entry of raw/train2/ and the zip member holding it.
type clip struct {
	name string
	file *zip.File
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	src := filepath.Join(d.Raw, "train2.zip")
	zr, err := zip.OpenReader(src)
	if err != nil {
		return fmt.Errorf("unpacking %s: %w", src, err)
	}
	defer zr.Close()
	clips, err := clipEntries(src, zr.File)
	if err != nil {
		return err
	}
	byDate := map[string][]clip{}
	for _, c := range clips {
		date, _, _ := strings.Cut(c.name, "_")
		byDate[date] = append(byDate[date], c)
	}
	dates := make([]string, 0, len(byDate))
	for k := range byDate {
		dates = append(dates, k)
	}
	sort.Strings(dates)
	if len(dates) != 4 {
		return fmt.Errorf("%s: train2/ holds recordings of %d dates %v, the original asserts exactly 4", src, len(dates), dates)
	}
	var train, test []clip
	for i, date := range dates {
		if i < 2 {
			train = append(train, byDate[date]...)
		} else {
			test = append(test, byDate[date]...)
		}
	}
	byName := func(s []clip) {
		sort.Slice(s, func(i, j int) bool { return s[i].name < s[j].name })
	}
	byName(train)
	byName(test)

	trainNames := make([]string, len(train))
	for i, c := range train {
		trainNames[i] = trainRE.ReplaceAllLiteralString(c.name, "TRAIN"+strconv.Itoa(i))
	}
	testNames := make([]string, len(test))
	labels := make([]int64, len(test))
	for i, c := range test {
		before, _, _ := strings.Cut(c.name, "TRAIN")
		testNames[i] = before + "Test" + strconv.Itoa(i) + ".aif"
		if strings.HasSuffix(stem(c.name), "_1") {
			labels[i] = 1
		}
	}
	for _, side := range []struct {
		dir   string
		names []string
	}{{"train2", trainNames}, {"test2", testNames}} {
		if err := checkCount(src, side.dir, side.names); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	for _, side := range []struct {
		dir   string
		clips []clip
		names []string
	}{{"train2", train, trainNames}, {"test2", test, testNames}} {
		if err := writeZip(ctx, filepath.Join(d.Public, side.dir+".zip"), side.dir, side.clips, side.names); err != nil {
			return err
		}
	}

	answers := table.MustNew(table.Strings("clip", testNames), table.Ints("probability", labels))
	sample := table.MustNew(table.Strings("clip", testNames), table.Ints("probability", make([]int64, len(test))))
	return csvout.Write(
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: answers},
		csvout.File{Path: filepath.Join(d.Public, "sampleSubmission.csv"), Table: sample},
	)
}

// stem is pathlib's PurePath.stem of a file name: the name without its
// last suffix, where a suffix is a "." that is neither the first nor the last
// character followed by the rest ("x_1." and ".aif" have no suffix).
func stem(name string) string {
	if dot := strings.LastIndexByte(name, '.'); dot > 0 && dot < len(name)-1 {
		return name[:dot]
	}
	return name
}

// clipEntries lists the entries shutil.unpack_archive would leave directly
// in raw/train2/, each with the member that holds its content.
func clipEntries(src string, files []*zip.File) ([]clip, error) {
	seen := map[string]int{}
	var clips []clip
	haveDir := false
	for _, f := range files {
		name := f.Name
		if strings.HasPrefix(name, "/") || strings.Contains(name, "..") {
			continue
		}
		rest, ok := strings.CutPrefix(name, "train2/")
		if !ok {
			continue // unpacked elsewhere in raw/, never listed
		}
		haveDir = true
		if rest == "" {
			continue
		}
		if strings.Contains(rest, "/") {
			return nil, fmt.Errorf("%s: %s is inside a sub-folder of train2/; the original would list the folder as a clip and fail to copy it", src, name)
		}
		if i, dup := seen[rest]; dup {
			clips[i].file = f // extracted again over the earlier copy
			continue
		}
		seen[rest] = len(clips)
		clips = append(clips, clip{name: rest, file: f})
	}
	if !haveDir {
		return nil, fmt.Errorf("%s: no train2/ folder in the archive", src)
	}
	return clips, nil
}

// checkCount is the original's assert that public/<dir> holds one
// *.aif file per clip: every new name must end in .aif. (Two clips never
// map to one new name: a renamed train name holds its unique TRAIN<idx>, an
// unchanged one holds no TRAIN<digits>, and test names hold Test<idx>.)
func checkCount(src, dir string, names []string) error {
	for _, n := range names {
		if !strings.HasSuffix(n, ".aif") {
			return fmt.Errorf("%s: %s/%s is not an .aif file; the original's file-count assert fails", src, dir, n)
		}
	}
	return nil
}

// writeZip writes shutil.make_archive(public/<dir>, "zip", public, dir):
// a directory entry then one deflated member per clip.
func writeZip(ctx context.Context, path, dir string, clips []clip, names []string) error {
	members := []zipfile.Member{{Name: dir + "/", Method: zip.Store}}
	for i := range clips {
		f := clips[i].file
		members = append(members, zipfile.Member{Name: dir + "/" + names[i], Method: zip.Deflate, Write: func(w io.Writer) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			rc, err := f.Open()
			if err != nil {
				return err
			}
			defer rc.Close()
			_, err = io.Copy(w, rc)
			return err
		}})
	}
	sort.SliceStable(members[1:], func(i, j int) bool { return members[1+i].Name < members[1+j].Name })
	return zipfile.WriteMembers(path, members)
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yScore, err := submission.PrepareForAUROC(sub, ans, "clip", "probability")
	if err != nil {
		return competition.Score{}, err
	}
	auc, err := metric.ROCAUC(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(auc), nil
}

// recordingDates are the fake recording dates; the first two become train.
var recordingDates = []string{"20090328", "20090329", "20090330", "20090331"}

// FakeRaw writes raw/train2.zip: a "train2/" directory entry and tiny
// valid AIFF clips named <date>_<HHMMSS>_<sss>s<m>ms_TRAIN<k>_<label>.aif over
// exactly 4 dates (default 32 clips, at least 4), members in shuffled order
// and TRAIN numbers that do not follow name order, so the sorting and
// renaming are exercised. The two test dates together hold both labels.
// Kaggle's test2.zip and sampleSubmission.csv are not written (never read).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "the-icml-2013-whale-challenge-right-whale-redux")
	n := max(4, synth.Rows(opt.Rows, 32))
	trainNo := r.Perm(n)
	var entries []synth.ZipEntry
	for i := 0; i < n; i++ {
		date := recordingDates[i%4]
		label := 0
		if r.IntN(4) == 0 {
			label = 1
		}
		switch i {
		case 2: // first test date: a positive
			label = 1
		case 3: // second test date: a negative
			label = 0
		}
		name := fmt.Sprintf("%s_%02d%02d%02d_%03ds%dms_TRAIN%d_%d.aif", date, r.IntN(24), r.IntN(60), r.IntN(60), r.IntN(900), r.IntN(1000), trainNo[i], label)
		samples := make([]int16, 16+r.IntN(16))
		for k := range samples {
			samples[k] = int16(r.IntN(4000) - 2000)
		}
		entries = append(entries, synth.ZipEntry{Name: "train2/" + name, Data: aiff(samples, 2000)})
	}
	r.Shuffle(len(entries), func(i, j int) { entries[i], entries[j] = entries[j], entries[i] })
	entries = append([]synth.ZipEntry{{Name: "train2/"}}, entries...)
	return synth.WriteZip(filepath.Join(dir, "train2.zip"), entries)
}

// aiff encodes mono 16-bit big-endian samples as a minimal AIFF file
// (FORM/AIFF with COMM and SSND chunks) at an integer sample rate.
func aiff(samples []int16, rate uint32) []byte {
	var b bytes.Buffer
	be := binary.BigEndian
	ssnd := 8 + 2*len(samples)
	b.WriteString("FORM")
	binary.Write(&b, be, uint32(4+8+18+8+ssnd))
	b.WriteString("AIFFCOMM")
	binary.Write(&b, be, uint32(18))
	binary.Write(&b, be, uint16(1))            // channels
	binary.Write(&b, be, uint32(len(samples))) // sample frames
	binary.Write(&b, be, uint16(16))           // bits per sample
	// 80-bit IEEE extended sample rate: exponent bias 16383, explicit
	// integer bit in the 64-bit mantissa.
	exp := 0
	for v := rate; v > 1; v >>= 1 {
		exp++
	}
	binary.Write(&b, be, uint16(16383+exp))
	binary.Write(&b, be, uint64(rate)<<(63-exp))
	b.WriteString("SSND")
	binary.Write(&b, be, uint32(ssnd))
	binary.Write(&b, be, uint32(0)) // offset
	binary.Write(&b, be, uint32(0)) // block size
	for _, s := range samples {
		binary.Write(&b, be, s)
	}
	return b.Bytes()
}
