// Package cassava_leaf_disease_classification is the cassava-leaf-disease-classification competition (the original's
// mlebench/competitions/cassava-leaf-disease-classification/): its prepare, grade and fake raw data.
//
// cassava-leaf-disease-classification:
// ../shared/spec/competitions/cassava-leaf-disease-classification.md
//
// Quirks reproduced:
//   - the split is over TFRecord FILES: train_test_split(test_size=0.1,
//     random_state=0) of the byte-sorted *.tfrec paths; the test image ids
//     are the image_name features of the test files' records (TFRecord
//     framing and both masked CRC32C checksums verified, tf.train.Example
//     decoded by a small protobuf wire reader: unknown fields skipped, last
//     map entry wins);
//   - train.csv rows whose image_id is in no test file go to train (also
//     ids in no TFRecord at all); test-file names with no train.csv row are
//     ignored;
//   - copied TFRecords are renamed ld_train{i:02d}-{n}.tfrec /
//     ld_test{i:02d}-{n}.tfrec with i the position in split order and n the
//     text after the first '-' of the original stem (no recount);
//   - the final asserts count every entry of the four public folders, so a
//     duplicated image_id fails prepare;
//   - the sample submission labels every test image 4;
//   - grading is the shared accuracy helper (label, image_id).
package cassava_leaf_disease_classification

import (
	"hash/crc32"

	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "cassava-leaf-disease-classification",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// maskedCRC is TensorFlow's masked CRC32C.
func maskedCRC(b []byte) uint32 {
	c := crc32.Checksum(b, crcTable)
	return ((c >> 15) | (c << 17)) + 0xA282EAD8
}
