package three_d_object_detection_for_autonomous_vehicles

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/pyjson"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Prepare is the original's prepare.py (spec "Prepare", steps 1–21): the
// logs of raw/train_data are split 80/20, every table of train_data is
// divided by log, sample or sample_data, the test samples' boxes become the
// answers, and the images and lidar sweeps are copied.
//
// The big tables (sample_data.json, sample_annotation.json, ego_pose.json,
// instance.json; hundreds of MB on Kaggle) are streamed item by item: an
// item is decoded, routed, re-encoded as json.dump writes it and appended
// to its output. Only what later steps look up is kept: the token keys of
// each split, the encoded ego poses and calibrations (indexed by token),
// and the file list of sample_data.
func Prepare(ctx context.Context, d competition.Dirs) error {
	rawData := filepath.Join(d.Raw, "train_data")
	pubTrain := filepath.Join(d.Public, "train_data")
	pubTest := filepath.Join(d.Public, "test_data")
	for _, dir := range []string{pubTest, pubTrain} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}

	// Steps 2–4: logs.
	logs, logEnc, err := loadList(filepath.Join(rawData, "log.json"))
	if err != nil {
		return err
	}
	logKeys := make([]string, len(logs))
	logTokens := make([]any, len(logs))
	seen := map[string]bool{}
	for i, o := range logs {
		if logTokens[i], err = field(o, "token"); err != nil {
			return fmt.Errorf("log.json item %d: %w", i, err)
		}
		if logKeys[i], err = hashKey(logTokens[i]); err != nil {
			return fmt.Errorf("log.json item %d: %w", i, err)
		}
		if seen[logKeys[i]] {
			return fmt.Errorf("log.json: log tokens are not unique (%s)", logKeys[i][1:])
		}
		seen[logKeys[i]] = true
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(len(logs), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.2), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting the %d logs: %w", len(logs), err)
	}
	trainLogs, testLogs := map[string]bool{}, map[string]bool{}
	for _, i := range trainIdx {
		trainLogs[logKeys[i]] = true
	}
	for _, i := range testIdx {
		testLogs[logKeys[i]] = true
	}
	var trainLogEnc, testLogEnc [][]byte
	for i, k := range logKeys {
		if trainLogs[k] {
			trainLogEnc = append(trainLogEnc, logEnc[i])
		}
		if testLogs[k] {
			testLogEnc = append(testLogEnc, logEnc[i])
		}
	}
	if err := writePair(pubTrain, pubTest, "log.json", trainLogEnc, testLogEnc); err != nil {
		return err
	}

	// Step 5: samples, by scene_token compared with the log tokens.
	samples, sampleEnc, err := loadList(filepath.Join(rawData, "sample.json"))
	if err != nil {
		return err
	}
	var trainSampleEnc, testSampleEnc [][]byte
	nTrainSamples, nTestSamples := 0, 0
	for i, o := range samples {
		k, err := objectKey(o, "scene_token")
		if err != nil {
			return fmt.Errorf("sample.json item %d: %w", i, err)
		}
		if trainLogs[k] {
			trainSampleEnc = append(trainSampleEnc, sampleEnc[i])
			nTrainSamples++
		}
		if testLogs[k] {
			testSampleEnc = append(testSampleEnc, sampleEnc[i])
			nTestSamples++
		}
	}
	if nTrainSamples+nTestSamples != len(samples) {
		return fmt.Errorf("sample.json: %d train + %d test samples, want all %d (a scene_token that is no log token)", nTrainSamples, nTestSamples, len(samples))
	}
	trainSampleKeys, testSampleKeys := map[string]bool{}, map[string]bool{}
	for i, o := range samples {
		k, err := objectKey(o, "token")
		if err != nil {
			return fmt.Errorf("sample.json item %d: %w", i, err)
		}
		sk, _ := objectKey(o, "scene_token")
		if trainLogs[sk] {
			trainSampleKeys[k] = true
		} else {
			testSampleKeys[k] = true
		}
	}
	if err := writePair(pubTrain, pubTest, "sample.json", trainSampleEnc, testSampleEnc); err != nil {
		return err
	}
	samples, sampleEnc = nil, nil
	if err := ctx.Err(); err != nil {
		return err
	}

	// Steps 6–8: train.csv, the answers and the sample submission.
	trainIDs, testIDs, err := splitCSV(d, trainSampleKeys, testSampleKeys, nTrainSamples, nTestSamples)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}

	// Step 9: sample_data, streamed; steps 12, 14 and 20 need its tokens
	// and files.
	type fileRef struct {
		name, format string
		test         bool
	}
	var files []fileRef
	var calTrain, calTest, egoTrain, egoTest []string
	sdTrain, err := createList(filepath.Join(pubTrain, "sample_data.json"))
	if err != nil {
		return err
	}
	defer sdTrain.abort()
	sdTest, err := createList(filepath.Join(pubTest, "sample_data.json"))
	if err != nil {
		return err
	}
	defer sdTest.abort()
	nSampleData := 0
	err = eachElement(filepath.Join(rawData, "sample_data.json"), func(o pyjson.Object, enc []byte) error {
		nSampleData++
		if nSampleData%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		k, err := objectKey(o, "sample_token")
		if err != nil {
			return err
		}
		test := false
		switch {
		case trainIDs[k]:
			sdTrain.add(enc)
		case testIDs[k]:
			sdTest.add(enc)
			test = true
		default:
			return fmt.Errorf("sample_token %s is in neither split", k[1:])
		}
		cal, err := objectKey(o, "calibrated_sensor_token")
		if err != nil {
			return err
		}
		ego, err := objectKey(o, "ego_pose_token")
		if err != nil {
			return err
		}
		if test {
			calTest, egoTest = append(calTest, cal), append(egoTest, ego)
		} else {
			calTrain, egoTrain = append(calTrain, cal), append(egoTrain, ego)
		}
		name, _ := field(o, "filename")
		format, _ := field(o, "fileformat")
		ns, ok := name.(string)
		if !ok {
			return fmt.Errorf("filename %v is not a string", name)
		}
		fs, ok := format.(string)
		if !ok {
			return fmt.Errorf("fileformat %v is not a string", format)
		}
		files = append(files, fileRef{ns, fs, test})
		return nil
	})
	if err != nil {
		return err
	}
	if err := sdTrain.close(); err != nil {
		return err
	}
	if err := sdTest.close(); err != nil {
		return err
	}

	// Step 10: the map raster.
	for _, sub := range []string{"test_maps", "train_maps"} {
		if err := os.MkdirAll(filepath.Join(d.Public, sub), 0o755); err != nil {
			return err
		}
		if err := imagecopy.CopyFile(filepath.Join(d.Raw, "train_maps", "map_raster_palo_alto.png"), filepath.Join(d.Public, sub, "map_raster_palo_alto.png")); err != nil {
			return fmt.Errorf("copying the map raster: %w", err)
		}
	}
	// Step 11.
	if err := copyBoth(rawData, pubTrain, pubTest, "attribute.json"); err != nil {
		return err
	}

	// Step 12: calibrations, de-duplicated in first-appearance order.
	cals, calEnc, err := loadList(filepath.Join(rawData, "calibrated_sensor.json"))
	if err != nil {
		return err
	}
	calIndex := make(map[string][]byte, len(cals))
	for i, o := range cals {
		k, err := objectKey(o, "token")
		if err != nil {
			return fmt.Errorf("calibrated_sensor.json item %d: %w", i, err)
		}
		calIndex[k] = calEnc[i]
	}
	pick := func(keys []string, index map[string][]byte, dedupe bool, what string) ([][]byte, map[string]bool, error) {
		var out [][]byte
		used := map[string]bool{}
		for _, k := range keys {
			enc, ok := index[k]
			if !ok {
				return nil, nil, fmt.Errorf("%s: KeyError %s", what, k[1:])
			}
			if dedupe && used[k] {
				continue
			}
			used[k] = true
			out = append(out, enc)
		}
		return out, used, nil
	}
	calTrainEnc, calTrainUsed, err := pick(calTrain, calIndex, true, "calibrated_sensor.json")
	if err != nil {
		return err
	}
	calTestEnc, calTestUsed, err := pick(calTest, calIndex, true, "calibrated_sensor.json")
	if err != nil {
		return err
	}
	if n := unionSize(calTrainUsed, calTestUsed); n != len(cals) {
		return fmt.Errorf("calibrated_sensor.json: %d calibrations used, file has %d", n, len(cals))
	}
	if err := writePair(pubTrain, pubTest, "calibrated_sensor.json", calTrainEnc, calTestEnc); err != nil {
		return err
	}
	cals, calEnc, calIndex, calTrainEnc, calTestEnc = nil, nil, nil, nil, nil

	// Step 13.
	if err := copyBoth(rawData, pubTrain, pubTest, "category.json"); err != nil {
		return err
	}

	// Step 14: one ego pose per sample_data entry.
	egoIndex := map[string][]byte{}
	nEgo := 0
	err = eachElement(filepath.Join(rawData, "ego_pose.json"), func(o pyjson.Object, enc []byte) error {
		nEgo++
		k, err := objectKey(o, "token")
		if err != nil {
			return err
		}
		egoIndex[k] = enc
		return nil
	})
	if err != nil {
		return err
	}
	egoTrainEnc, egoTrainUsed, err := pick(egoTrain, egoIndex, false, "ego_pose.json")
	if err != nil {
		return err
	}
	egoTestEnc, egoTestUsed, err := pick(egoTest, egoIndex, false, "ego_pose.json")
	if err != nil {
		return err
	}
	if n := unionSize(egoTrainUsed, egoTestUsed); n != nEgo {
		return fmt.Errorf("ego_pose.json: %d ego poses used, file has %d", n, nEgo)
	}
	if err := writePair(pubTrain, pubTest, "ego_pose.json", egoTrainEnc, egoTestEnc); err != nil {
		return err
	}
	egoIndex, egoTrainEnc, egoTestEnc = nil, nil, nil
	if err := ctx.Err(); err != nil {
		return err
	}

	// Step 15: both copies get the test log list (shared-object mutation).
	maps, _, err := loadList(filepath.Join(rawData, "map.json"))
	if err != nil {
		return err
	}
	if len(maps) != 1 {
		return fmt.Errorf("map.json holds %d maps, want exactly 1", len(maps))
	}
	testList := make([]any, len(testIdx))
	for i, j := range testIdx {
		testList[i] = logTokens[j]
	}
	m := maps[0]
	if i := memberIndex(m, "log_tokens"); i >= 0 {
		m[i].Value = testList
	} else {
		m = append(m, pyjson.Member{Key: "log_tokens", Value: testList})
	}
	mapEnc, err := pyjson.Marshal(m, pyjson.Options{})
	if err != nil {
		return err
	}
	if err := writePair(pubTrain, pubTest, "map.json", [][]byte{mapEnc}, [][]byte{mapEnc}); err != nil {
		return err
	}

	// Step 16: scenes by log_token.
	scenes, sceneEnc, err := loadList(filepath.Join(rawData, "scene.json"))
	if err != nil {
		return err
	}
	var sceneTrain, sceneTest [][]byte
	for i, o := range scenes {
		k, err := objectKey(o, "log_token")
		if err != nil {
			return fmt.Errorf("scene.json item %d: %w", i, err)
		}
		switch {
		case trainLogs[k]:
			sceneTrain = append(sceneTrain, sceneEnc[i])
		case testLogs[k]:
			sceneTest = append(sceneTest, sceneEnc[i])
		default:
			return fmt.Errorf("scene.json item %d: log_token %s is in neither split", i, k[1:])
		}
	}
	if err := writePair(pubTrain, pubTest, "scene.json", sceneTrain, sceneTest); err != nil {
		return err
	}

	// Step 17.
	for _, name := range []string{"sensor.json", "visibility.json"} {
		if err := copyBoth(rawData, pubTrain, pubTest, name); err != nil {
			return err
		}
	}

	// Step 18: annotations (train file only), streamed.
	annTrain, err := createList(filepath.Join(pubTrain, "sample_annotation.json"))
	if err != nil {
		return err
	}
	defer annTrain.abort()
	instTrain, instTest := map[string]bool{}, map[string]bool{}
	nAnn := 0
	err = eachElement(filepath.Join(rawData, "sample_annotation.json"), func(o pyjson.Object, enc []byte) error {
		nAnn++
		if nAnn%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		k, err := objectKey(o, "sample_token")
		if err != nil {
			return err
		}
		inst, err := objectKey(o, "instance_token")
		if err != nil {
			return err
		}
		switch {
		case trainIDs[k]:
			annTrain.add(enc)
			instTrain[inst] = true
		case testIDs[k]:
			instTest[inst] = true
		default:
			return fmt.Errorf("sample_token %s is in neither split", k[1:])
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := annTrain.close(); err != nil {
		return err
	}

	// Step 19: instances (train file only).
	insts, err := createList(filepath.Join(pubTrain, "instance.json"))
	if err != nil {
		return err
	}
	defer insts.abort()
	err = eachElement(filepath.Join(rawData, "instance.json"), func(o pyjson.Object, enc []byte) error {
		k, err := objectKey(o, "token")
		if err != nil {
			return err
		}
		switch {
		case instTrain[k]:
			insts.add(enc)
		case instTest[k]:
		default:
			return fmt.Errorf("instance %s has no annotation", k[1:])
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := insts.close(); err != nil {
		return err
	}

	// Steps 20–21: images and lidar sweeps.
	dirs := [4]string{"train_images", "test_images", "train_lidar", "test_lidar"}
	for _, sub := range []string{"test_images", "train_images", "test_lidar", "train_lidar"} {
		if err := os.MkdirAll(filepath.Join(d.Public, sub), 0o755); err != nil {
			return err
		}
	}
	var counts [4]int
	var jobs []filecopy.Job
	planned := map[string]bool{}
	distinct := map[string]bool{}
	for _, f := range files {
		distinct[f.name] = true
		base := f.name
		if i := strings.LastIndexByte(f.name, '/'); i >= 0 {
			base = f.name[i+1:] // os.path.basename: "" after a trailing slash
		}
		var kind int
		var src string
		switch f.format {
		case "jpeg":
			if !strings.HasSuffix(base, "jpeg") {
				return fmt.Errorf("sample_data file %q: fileformat jpeg but the name does not end in jpeg", f.name)
			}
			src = filepath.Join(d.Raw, "train_images", base)
		case "bin":
			if !strings.HasSuffix(base, "bin") {
				return fmt.Errorf("sample_data file %q: fileformat bin but the name does not end in bin", f.name)
			}
			src, kind = filepath.Join(d.Raw, "train_lidar", base), 2
		default:
			return fmt.Errorf("sample_data file %q: unknown fileformat %q", f.name, f.format)
		}
		if f.test {
			kind++
		}
		if st, err := os.Stat(src); err != nil || !st.Mode().IsRegular() {
			return fmt.Errorf("sample_data file %q: %s is not a file", f.name, src)
		}
		dst := filepath.Join(d.Public, dirs[kind], base)
		if planned[dst] {
			continue // shutil skip: the destination exists (same source bytes)
		}
		planned[dst] = true
		if _, err := os.Lstat(dst); err == nil {
			continue // left over before prepare: skipped, not counted
		}
		counts[kind]++
		jobs = append(jobs, filecopy.Job{Src: src, Dst: dst})
	}
	if err := filecopy.Run(ctx, jobs); err != nil {
		return fmt.Errorf("copying sensor files: %w", err)
	}
	if total := counts[0] + counts[1] + counts[2] + counts[3]; total != len(distinct) {
		return fmt.Errorf("copied %d sensor files, sample_data.json names %d distinct files", total, len(distinct))
	}
	for kind, dir := range dirs {
		ext := ".jpeg"
		if kind >= 2 {
			ext = ".bin"
		}
		n, err := countMatching(filepath.Join(d.Public, dir), ext)
		if err != nil {
			return err
		}
		if n != counts[kind] {
			return fmt.Errorf("public/%s holds %d *%s entries, %d were copied", dir, n, ext, counts[kind])
		}
	}
	return nil
}

// splitCSV is steps 6–8: it writes public/train.csv, private/test.csv and
// public/sample_submission.csv and returns the Id keys of both parts.
func splitCSV(d competition.Dirs, trainSamples, testSamples map[string]bool, nTrain, nTest int) (trainIDs, testIDs map[string]bool, err error) {
	raw, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return nil, nil, fmt.Errorf("reading raw train.csv: %w", err)
	}
	ids, ok := raw.Col("Id")
	if !ok {
		return nil, nil, fmt.Errorf("raw train.csv has no Id column")
	}
	ps, ok := raw.Col("PredictionString")
	if !ok {
		return nil, nil, fmt.Errorf("raw train.csv has no PredictionString column")
	}
	var trainRows, testRows []int
	trainIDs, testIDs = map[string]bool{}, map[string]bool{}
	for i := 0; i < raw.Len(); i++ {
		k, ok := cellKey(ids, i)
		switch {
		case ok && trainSamples[k]:
			trainRows = append(trainRows, i)
			trainIDs[k] = true
		case ok && testSamples[k]:
			testRows = append(testRows, i)
			testIDs[k] = true
		}
	}
	if len(trainRows)+len(testRows) != raw.Len() || len(trainRows) != nTrain || len(testRows) != nTest {
		return nil, nil, fmt.Errorf("raw train.csv: %d train and %d test rows of %d, the samples split %d/%d", len(trainRows), len(testRows), raw.Len(), nTrain, nTest)
	}
	answers := make([]string, len(testRows))
	for j, i := range testRows {
		if ps.IsNull(i) || ps.Kind != table.String || (ps.Mixed != nil && ps.Mixed[i] != table.String) {
			return nil, nil, fmt.Errorf("raw train.csv row %d: PredictionString %q is not a string", i, ps.Str(i))
		}
		tokens := strings.Split(ps.Str(i), " ")
		if len(tokens)%8 != 0 {
			return nil, nil, fmt.Errorf("raw train.csv row %d: %d prediction tokens, not a multiple of 8", i, len(tokens))
		}
		var b strings.Builder
		for g := 0; g < len(tokens); g += 8 {
			if g > 0 {
				b.WriteByte(' ')
			}
			b.WriteString("1.0 ")
			b.WriteString(strings.Join(tokens[g:g+8], " "))
		}
		answers[j] = b.String()
	}
	testIDCol := ids.Take(testRows)
	out := raw.Take(trainRows)
	if sel, err := out.Select("Id", "PredictionString"); err == nil {
		out = sel
	}
	return trainIDs, testIDs, csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: out},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: table.MustNew(testIDCol, table.Strings("PredictionString", answers))},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: table.MustNew(testIDCol, table.Strings("PredictionString", make([]string, len(testRows))))},
	)
}

// cellKey is hashKey of a CSV cell as pandas holds it; ok is false for a
// missing cell (NaN matches no token).
func cellKey(c *table.Column, i int) (string, bool) {
	if c.IsNull(i) {
		return "", false
	}
	k := c.Kind
	if c.Mixed != nil {
		k = c.Mixed[i]
	}
	var v any
	switch k {
	case table.String:
		v = c.Text[i]
	case table.Int64:
		v = c.Ints[i]
	case table.Float64:
		if math.IsNaN(c.Floats[i]) {
			return "", false
		}
		v = c.Floats[i]
	case table.Bool, table.BoolObject:
		v = c.Bools[i]
	default:
		v = c.Str(i)
	}
	key, err := hashKey(v)
	return key, err == nil
}

// writePair writes the train and test versions of a table.
func writePair(trainDir, testDir, name string, train, test [][]byte) error {
	if err := writeList(filepath.Join(trainDir, name), train); err != nil {
		return err
	}
	return writeList(filepath.Join(testDir, name), test)
}

// copyBoth copies a raw table byte for byte into both splits.
func copyBoth(rawData, trainDir, testDir, name string) error {
	for _, dir := range []string{trainDir, testDir} {
		if err := imagecopy.CopyFile(filepath.Join(rawData, name), filepath.Join(dir, name)); err != nil {
			return fmt.Errorf("copying %s: %w", name, err)
		}
	}
	return nil
}

func unionSize(a, b map[string]bool) int {
	n := len(a)
	for k := range b {
		if !a[k] {
			n++
		}
	}
	return n
}

// countMatching counts the entries of dir whose name matches "*"+ext
// (fnmatch, case-sensitive, dot-files included).
func countMatching(dir, ext string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ext) {
			n++
		}
	}
	return n, nil
}
