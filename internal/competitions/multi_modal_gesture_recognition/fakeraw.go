package multi_modal_gesture_recognition

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/matfile"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// Gestures are the 20 ChaLearn 2013 Italian gestures, label i+1 = Gestures[i].
var Gestures = []string{"vattene", "vieniqui", "perfetto", "furbo", "cheduepalle", "chevuoi", "daccordo",
	"seipazzo", "combinato", "freganiente", "ok", "cosatifarei", "basta", "prendere", "noncenepiu", "fame",
	"tantotempo", "buonissimo", "messidaccordo", "sonostufo"}

// FakeRaw writes the Kaggle layout: training.csv (default 40 samples, in
// shuffled id order) and training1-4.tar.gz holding one
// ./SampleNNNNN.zip per sample (training4 = the last quarter of the ids,
// the future test set), each zip holding the sample's _color/_depth/_user
// .mp4 stand-ins, a WAV and a MAT-file whose Video.Labels name the
// sample's gestures (the labels upstream's issue #77 says leak); also
// validation1-3.tar.gz (unlabelled samples), devel01-40.7z,
// valid_all_files_combined.7z, sample_code_mmrgc.zip and the unused
// test.csv and randomPredictions.csv.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "multi-modal-gesture-recognition")
	n := max(2, synth.Rows(opt.Rows, 40))
	if n > 9000 {
		return fmt.Errorf("multi-modal-gesture-recognition fake raw: at most 9000 samples")
	}
	// Distinct ids 1..9999 (zero-padded to 4 digits), ascending.
	picked := map[int]bool{}
	var ids []int
	for len(ids) < n {
		if id := 1 + r.IntN(9999); !picked[id] {
			picked[id] = true
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	nTest := max(1, n/4)
	seqs := map[int][]int{}
	for _, id := range ids {
		k := 8 + r.IntN(5)
		for range k {
			seqs[id] = append(seqs[id], 1+r.IntN(20))
		}
	}
	csv := synth.CSV{Header: []string{"Id", "Sequence"}}
	order := slices.Clone(ids)
	r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	for _, id := range order {
		csv.Add(fmt.Sprintf("%04d", id), joinInts(seqs[id]))
	}
	if err := csv.Write(filepath.Join(dir, "training.csv")); err != nil {
		return err
	}
	// training1..3 share the training samples, training4 holds the test ones.
	trainIDs, testIDs := ids[:n-nTest], ids[n-nTest:]
	for part := range 3 {
		var members []int
		for k, id := range trainIDs {
			if k%3 == part {
				members = append(members, id)
			}
		}
		if err := writeSampleTar(r, filepath.Join(dir, fmt.Sprintf("training%d.tar.gz", part+1)), members, seqs); err != nil {
			return err
		}
	}
	if err := writeSampleTar(r, filepath.Join(dir, "training4.tar.gz"), testIDs, seqs); err != nil {
		return err
	}
	for part := range 3 {
		if err := writeSampleTar(r, filepath.Join(dir, fmt.Sprintf("validation%d.tar.gz", part+1)), []int{10410 + part}, nil); err != nil {
			return err
		}
	}
	if err := write7z(r, filepath.Join(dir, "devel01-40.7z"), []string{"devel01/devel01_train.csv", "devel01/K_1.avi", "devel01/M_1.avi"}); err != nil {
		return err
	}
	if err := write7z(r, filepath.Join(dir, "valid_all_files_combined.7z"), []string{"Sample00410_color.mp4", "Sample00410_data.mat"}); err != nil {
		return err
	}
	if err := synth.WriteZip(filepath.Join(dir, "sample_code_mmrgc.zip"), []synth.ZipEntry{
		{Name: "sample_code_mmrgc/"},
		{Name: "sample_code_mmrgc/README.txt", Data: []byte("Sample code for the multi-modal gesture recognition challenge.\n")},
		{Name: "sample_code_mmrgc/main.m", Data: []byte("% read a sample\nload('Sample00001_data.mat');\ndisp(Video.NumFrames);\n")},
	}); err != nil {
		return err
	}
	test := synth.CSV{Header: []string{"Id"}}
	random := synth.CSV{Header: []string{"Id", "Sequence"}}
	for k := range 3 {
		test.Add(fmt.Sprintf("%04d", 700+k))
		random.Add(fmt.Sprintf("%04d", 700+k), joinInts(r.Perm(20)))
	}
	if err := test.Write(filepath.Join(dir, "test.csv")); err != nil {
		return err
	}
	return random.Write(filepath.Join(dir, "randomPredictions.csv"))
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, " ")
}

var fixedTime = time.Date(2013, 5, 1, 0, 0, 0, 0, time.UTC)

// writeSampleTar writes a tar.gz of ./SampleNNNNN.zip members (after a "./"
// directory entry, as the real archives have).
func writeSampleTar(r *rand.Rand, path string, ids []int, seqs map[int][]int) error {
	var b bytes.Buffer
	zw, err := gzip.NewWriterLevel(&b, gzip.DefaultCompression)
	if err != nil {
		return err
	}
	zw.ModTime = fixedTime
	tw := tar.NewWriter(zw)
	if err := tw.WriteHeader(&tar.Header{Name: "./", Typeflag: tar.TypeDir, Mode: 0o755, ModTime: fixedTime, Format: tar.FormatGNU}); err != nil {
		return err
	}
	for _, id := range ids {
		zip, err := sampleZip(r, id, seqs[id])
		if err != nil {
			return err
		}
		h := &tar.Header{Name: fmt.Sprintf("./Sample%05d.zip", id), Typeflag: tar.TypeReg, Mode: 0o644, Size: int64(len(zip)),
			ModTime: fixedTime, Format: tar.FormatGNU}
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		if _, err := tw.Write(zip); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return synth.WriteFile(path, b.Bytes())
}

// sampleZip is one sample's zip: video stand-ins, audio and the data file.
func sampleZip(r *rand.Rand, id int, seq []int) ([]byte, error) {
	name := fmt.Sprintf("Sample%05d", id)
	frames := 40 * (len(seq) + 2)
	var labels []map[string]*matfile.Array
	at := 20
	for _, g := range seq {
		length := 15 + r.IntN(20)
		labels = append(labels, map[string]*matfile.Array{"Name": matfile.String(Gestures[g-1]),
			"Begin": matfile.Scalar(float64(at)), "End": matfile.Scalar(float64(at + length))})
		at += length + r.IntN(10)
	}
	skeleton := make([]float64, 20*3)
	for i := range skeleton {
		skeleton[i] = float64(r.IntN(2000)) / 1000
	}
	video := matfile.StructArray([]string{"NumFrames", "FrameRate", "Frames", "MaxDepth", "Labels"}, map[string]*matfile.Array{
		"NumFrames": matfile.Scalar(float64(frames)), "FrameRate": matfile.Scalar(20),
		"Frames": matfile.StructArray([]string{"Skeleton"}, map[string]*matfile.Array{
			"Skeleton": matfile.StructArray([]string{"WorldPosition", "JointType"}, map[string]*matfile.Array{
				"WorldPosition": matfile.Matrix(20, 3, skeleton),
				"JointType":     matfile.CellRow(matfile.String("HipCenter"), matfile.String("Spine")),
			}),
		}),
		"MaxDepth": matfile.Scalar(float64(2500 + r.IntN(1000))),
		"Labels":   matfile.StructArray([]string{"Name", "Begin", "End"}, labels...),
	})
	var mat bytes.Buffer
	if err := matfile.Write(&mat, []matfile.Var{{Name: "Video", Value: video}}); err != nil {
		return nil, err
	}
	mp4 := func(kind string) []byte { // an ftyp box and some noise: a stand-in, never decoded
		return append([]byte("\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom"), []byte(kind+synth.Hex(r, 32))...)
	}
	samples := make([]int16, 200)
	for i := range samples {
		samples[i] = int16(r.IntN(2000) - 1000)
	}
	return synth.ZipBytes([]synth.ZipEntry{
		{Name: name + "_audio.wav", Data: synth.WAV(samples, 16000)},
		{Name: name + "_color.mp4", Data: mp4("color")},
		{Name: name + "_data.mat", Data: mat.Bytes()},
		{Name: name + "_depth.mp4", Data: mp4("depth")},
		{Name: name + "_user.mp4", Data: mp4("user")},
	})
}

// write7z writes a 7z of small files with the given member names.
func write7z(r *rand.Rand, path string, names []string) error {
	tmp, err := os.MkdirTemp("", "mmgr-7z-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	var entries []archive.Entry7z
	for i, name := range names {
		p := filepath.Join(tmp, strconv.Itoa(i))
		if err := os.WriteFile(p, []byte(name+" "+synth.Hex(r, 24)+"\n"), 0o644); err != nil {
			return err
		}
		entries = append(entries, archive.Entry7z{Name: name, Path: p})
	}
	return archive.Write7z(context.Background(), path, entries)
}
