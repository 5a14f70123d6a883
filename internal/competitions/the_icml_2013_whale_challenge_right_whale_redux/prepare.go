package the_icml_2013_whale_challenge_right_whale_redux

import (
	"archive/zip"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/table"
)

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
