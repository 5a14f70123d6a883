package siim_isic_melanoma_classification

import (
	"bytes"
	"encoding/binary"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// recordFiles are the fake train*.tfrec names (the real download has
// train00-2071 … train15-2061); the two test files come first.
var recordFiles = []string{"train00-2071.tfrec", "train06-2071.tfrec", "train01-2071.tfrec", "train02-2071.tfrec", "train07-2070.tfrec", "train10-2069.tfrec", "train15-2061.tfrec"}

// FakeRaw writes raw/train.csv (8 columns, default 60 rows: blanks in
// sex, age_approx and the site, some ages written "45" rather than "45.0"),
// raw/train/<image>.dcm (minimal valid DICOM files), raw/jpeg/train/<image>.jpg
// (tiny JPEGs), and raw/tfrecords/train*.tfrec: every image is in one
// record (a tf.train.Example with image, image_name and target features) of
// one of seven files; train00-2071 and train06-2071 hold about a quarter
// of the rows including both targets. A raw tfrecords/test00-0687.tfrec
// (never read) checks that only train*.tfrec files are copied.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "siim-isic-melanoma-classification")
	n := max(4, synth.Rows(opt.Rows, 60))
	names, err := synth.Unique(n, func() string { return "ISIC_" + synth.Digits(r, 7) })
	if err != nil {
		return err
	}
	patients, err := synth.Unique(max(1, n/3), func() string { return "IP_" + synth.Digits(r, 7) })
	if err != nil {
		return err
	}
	sites := []string{"head/neck", "upper extremity", "lower extremity", "torso", "palms/soles", "oral/genital", ""}
	benign := []string{"unknown", "unknown", "unknown", "nevus", "seborrheic keratosis", "lentigo NOS", "lichenoid keratosis", "solar lentigo", "cafe-au-lait macule", "atypical melanocytic proliferation"}
	csv := synth.CSV{Header: columns}
	files := make([][][]byte, len(recordFiles)) // records per file
	for i, name := range names {
		target := 0
		if r.IntN(6) == 0 {
			target = 1
		}
		file := 2 + r.IntN(len(recordFiles)-2)
		if r.IntN(4) == 0 {
			file = r.IntN(2)
		}
		switch i { // both targets in the test files, and in train
		case 0, 1:
			file, target = i, i
		case 2, 3:
			file, target = 2+i, i-2
		}
		sex := synth.Pick(r, []string{"male", "female", "male", "female", ""})
		age := strconv.Itoa(5*(2+r.IntN(17))) + ".0"
		switch r.IntN(12) {
		case 0:
			age = ""
		case 1:
			age = strings.TrimSuffix(age, ".0")
		}
		diag, bm := synth.Pick(r, benign), "benign"
		if target == 1 {
			diag, bm = "melanoma", "malignant"
		}
		csv.Add(name, synth.Pick(r, patients), sex, age, synth.Pick(r, sites), diag, bm, strconv.Itoa(target))

		img, err := synth.JPEG(synth.RGB(r, 8, 8))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "jpeg", "train", name+".jpg"), img); err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", name+".dcm"), dicom(r.Uint64(), name, 4, 4, r)); err != nil {
			return err
		}
		files[file] = append(files[file], example(name, img, int64(target)))
	}
	if err := csv.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	for k, recs := range files {
		if err := synth.WriteFile(filepath.Join(dir, "tfrecords", recordFiles[k]), tfRecords(recs)); err != nil {
			return err
		}
	}
	return synth.WriteFile(filepath.Join(dir, "tfrecords", "test00-0687.tfrec"), tfRecords(nil))
}

// tfRecords frames records as a TFRecord file.
func tfRecords(recs [][]byte) []byte {
	var b bytes.Buffer
	for _, rec := range recs {
		var head [8]byte
		binary.LittleEndian.PutUint64(head[:], uint64(len(rec)))
		b.Write(head[:])
		binary.Write(&b, binary.LittleEndian, maskedCRC(head[:]))
		b.Write(rec)
		binary.Write(&b, binary.LittleEndian, maskedCRC(rec))
	}
	return b.Bytes()
}

// example encodes a tf.train.Example with features image (bytes),
// image_name (bytes) and target (int64).
func example(name string, image []byte, target int64) []byte {
	field := func(dst []byte, num int, payload []byte) []byte {
		dst = binary.AppendUvarint(dst, uint64(num<<3|2))
		dst = binary.AppendUvarint(dst, uint64(len(payload)))
		return append(dst, payload...)
	}
	bytesFeature := func(v []byte) []byte { return field(nil, 1, field(nil, 1, v)) }
	int64Feature := func(v int64) []byte {
		return field(nil, 3, field(nil, 1, binary.AppendUvarint(nil, uint64(v))))
	}
	entry := func(key string, feature []byte) []byte {
		return field(field(nil, 1, []byte(key)), 2, feature)
	}
	var features []byte
	features = field(features, 1, entry("image", bytesFeature(image)))
	features = field(features, 1, entry("image_name", bytesFeature([]byte(name))))
	features = field(features, 1, entry("target", int64Feature(target)))
	return field(nil, 1, features)
}

// dicom returns a minimal DICOM Part 10 file (explicit VR little
// endian, Secondary Capture) holding a rows×cols 8-bit grayscale image.
func dicom(uid uint64, patient string, rows, cols int, r interface{ IntN(int) int }) []byte {
	le := binary.LittleEndian
	pad := func(s string, with byte) []byte {
		b := []byte(s)
		if len(b)%2 == 1 {
			b = append(b, with)
		}
		return b
	}
	elem := func(dst []byte, group, element uint16, vr string, val []byte) []byte {
		dst = le.AppendUint16(dst, group)
		dst = le.AppendUint16(dst, element)
		dst = append(dst, vr...)
		switch vr {
		case "OB", "OW", "SQ", "UN", "UT":
			dst = append(dst, 0, 0)
			dst = le.AppendUint32(dst, uint32(len(val)))
		default:
			dst = le.AppendUint16(dst, uint16(len(val)))
		}
		return append(dst, val...)
	}
	us := func(v int) []byte { return le.AppendUint16(nil, uint16(v)) }
	sopClass := pad("1.2.840.10008.5.1.4.1.1.7", 0)
	sopInstance := pad("1.2.826.0.1.3680043.8.498."+strconv.FormatUint(uid>>1, 10), 0)
	var meta []byte
	meta = elem(meta, 0x0002, 0x0001, "OB", []byte{0, 1})
	meta = elem(meta, 0x0002, 0x0002, "UI", sopClass)
	meta = elem(meta, 0x0002, 0x0003, "UI", sopInstance)
	meta = elem(meta, 0x0002, 0x0010, "UI", pad("1.2.840.10008.1.2.1", 0))
	out := make([]byte, 128, 1024)
	out = append(out, "DICM"...)
	out = elem(out, 0x0002, 0x0000, "UL", le.AppendUint32(nil, uint32(len(meta))))
	out = append(out, meta...)
	out = elem(out, 0x0008, 0x0016, "UI", sopClass)
	out = elem(out, 0x0008, 0x0018, "UI", sopInstance)
	out = elem(out, 0x0008, 0x0060, "CS", pad("OT", ' '))
	out = elem(out, 0x0010, 0x0020, "LO", pad(patient, ' '))
	out = elem(out, 0x0028, 0x0002, "US", us(1))
	out = elem(out, 0x0028, 0x0004, "CS", pad("MONOCHROME2", ' '))
	out = elem(out, 0x0028, 0x0010, "US", us(rows))
	out = elem(out, 0x0028, 0x0011, "US", us(cols))
	out = elem(out, 0x0028, 0x0100, "US", us(8))
	out = elem(out, 0x0028, 0x0101, "US", us(8))
	out = elem(out, 0x0028, 0x0102, "US", us(7))
	out = elem(out, 0x0028, 0x0103, "US", us(0))
	pixels := make([]byte, rows*cols+rows*cols%2)
	for i := 0; i < rows*cols; i++ {
		pixels[i] = byte(r.IntN(256))
	}
	return elem(out, 0x7FE0, 0x0010, "OB", pixels)
}
