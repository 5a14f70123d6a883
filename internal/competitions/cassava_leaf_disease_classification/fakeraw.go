package cassava_leaf_disease_classification

import (
	"encoding/binary"
	"fmt"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// example encodes a tf.train.Example with features image (bytes),
// image_name (bytes) and target (int64), map entries in that order.
func example(image []byte, name string, target int64) []byte {
	ld := func(dst []byte, num int, b []byte) []byte {
		dst = binary.AppendUvarint(dst, uint64(num)<<3|2)
		dst = binary.AppendUvarint(dst, uint64(len(b)))
		return append(dst, b...)
	}
	bytesFeature := func(b []byte) []byte { return ld(nil, 1, ld(nil, 1, b)) }
	intFeature := func(v int64) []byte {
		packed := binary.AppendUvarint(nil, uint64(v))
		return ld(nil, 3, ld(nil, 1, packed))
	}
	entry := func(key string, feat []byte) []byte { return ld(ld(nil, 1, []byte(key)), 2, feat) }
	var features []byte
	features = ld(features, 1, entry("image", bytesFeature(image)))
	features = ld(features, 1, entry("image_name", bytesFeature([]byte(name))))
	features = ld(features, 1, entry("target", intFeature(target)))
	return ld(nil, 1, features)
}

// record frames one TFRecord record.
func record(dst, payload []byte) []byte {
	var head [8]byte
	binary.LittleEndian.PutUint64(head[:], uint64(len(payload)))
	dst = append(dst, head[:]...)
	dst = binary.LittleEndian.AppendUint32(dst, maskedCRC(head[:]))
	dst = append(dst, payload...)
	return binary.LittleEndian.AppendUint32(dst, maskedCRC(payload))
}

// FakeRaw writes raw/train.csv (default 170 rows, labels 0-4),
// raw/train_images/<id> (tiny JPEGs), 16 TFRecord files
// ld_train{00..15}-{count}.tfrec holding 10 images each (160 of the rows;
// the other 10 are in no TFRecord and go to train), one extra record in
// file 01 and 06 whose name has no train.csv row, a non-.tfrec file in the
// folder, label_num_to_disease_map.json and the unused test folders and
// sample submission.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "cassava-leaf-disease-classification")
	n := max(synth.Rows(opt.Rows, 170), 20)
	seen := map[int]bool{}
	ids := make([]string, n)
	for i := range ids {
		v := 1000015157 + r.IntN(3_000_000_000)
		for seen[v] {
			v = 1000015157 + r.IntN(3_000_000_000)
		}
		seen[v] = true
		ids[i] = fmt.Sprintf("%d.jpg", v)
	}
	labels := make([]int64, n)
	csv := synth.CSV{Header: []string{"image_id", "label"}}
	for i, id := range ids {
		labels[i] = int64(r.IntN(5))
		if r.IntN(2) == 0 {
			labels[i] = 3 // the real data is dominated by class 3
		}
		csv.Add(id, fmt.Sprint(labels[i]))
		img, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train_images", id), img); err != nil {
			return err
		}
	}
	if err := csv.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	const nFiles = 16
	inRec := r.Perm(n)[:n-n/17] // the rest are in no TFRecord
	for f := 0; f < nFiles; f++ {
		var recs []byte
		count := 0
		for k := f; k < len(inRec); k += nFiles {
			i := inRec[k]
			recs = record(recs, example([]byte{0xff, 0xd8, byte(i)}, ids[i], labels[i]))
			count++
		}
		if f == 1 || f == 6 {
			recs = record(recs, example(nil, fmt.Sprintf("99%02d.jpg", f), 0))
			count++
		}
		name := fmt.Sprintf("ld_train%02d-%d.tfrec", f, count)
		if err := synth.WriteFile(filepath.Join(dir, "train_tfrecords", name), recs); err != nil {
			return err
		}
	}
	if err := synth.WriteFile(filepath.Join(dir, "train_tfrecords", "notes.tfrecord"), []byte("not a tfrec")); err != nil {
		return err
	}
	labelsMap := `{"0": "Cassava Bacterial Blight (CBB)", "1": "Cassava Brown Streak Disease (CBSD)", "2": "Cassava Green Mottle (CGM)", "3": "Cassava Mosaic Disease (CMD)", "4": "Healthy"}`
	if err := synth.WriteFile(filepath.Join(dir, "label_num_to_disease_map.json"), []byte(labelsMap)); err != nil {
		return err
	}
	img, err := synth.JPEG(synth.RGB(r, 4, 4))
	if err != nil {
		return err
	}
	if err := synth.WriteFile(filepath.Join(dir, "test_images", "2216849948.jpg"), img); err != nil {
		return err
	}
	if err := synth.WriteFile(filepath.Join(dir, "test_tfrecords", "ld_test00-1.tfrec"),
		record(nil, example(img, "2216849948.jpg", 0))); err != nil {
		return err
	}
	return synth.WriteFile(filepath.Join(dir, "sample_submission.csv"), []byte("image_id,label\n2216849948.jpg,4\n"))
}
