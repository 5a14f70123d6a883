// Package siim_isic_melanoma_classification is the siim-isic-melanoma-classification competition (the original's
// mlebench/competitions/siim-isic-melanoma-classification/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/siim-isic-melanoma-classification.md
//
// Quirks reproduced:
//   - the test split is every train.csv row whose image_name appears in the
//     two TFRecord files hard-coded by full name, raw/tfrecords/train00-2071.tfrec
//     and train06-2071.tfrec (a differently suffixed file is not looked for);
//     records are checked as TensorFlow's reader does (masked CRC32C of the
//     length and the data) and each must carry an image_name bytes feature;
//   - both parts keep train.csv's row order; age_approx is float64 ("45.0",
//     empty when missing);
//   - DICOM and JPEG files are copied per row into public/{train,test}/ and
//     public/jpeg/{train,test}/; a missing file or a duplicate image_name
//     fails prepare (the original's copy / count asserts);
//   - every raw train*.tfrec is copied, sorted by name, to
//     public/tfrecords/testKK-<count>.tfrec (the two test files) or
//     trainKK-<count>.tfrec (the rest), KK counting each kind from 00 and
//     <count> being the second "-"-separated field of the file stem;
//   - grading is prepare_for_auroc_metric (image_name, target) and
//     scikit-learn's binary roc_auc_score, a numpy float64.
//
// Deviation: the original reads raw/train.csv with pandas' default float
// parser, this port with the round-trip one; they differ at most in the last
// bit of long decimals, which age_approx (whole numbers) never has.
package siim_isic_melanoma_classification

import (
	"hash/crc32"

	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "siim-isic-melanoma-classification",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

// columns are the asserted train.csv columns, in order.
var columns = []string{"image_name", "patient_id", "sex", "age_approx", "anatom_site_general_challenge", "diagnosis", "benign_malignant", "target"}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// maskedCRC is TFRecord's masked CRC32C.
func maskedCRC(b []byte) uint32 {
	c := crc32.Checksum(b, castagnoli)
	return (c>>15 | c<<17) + 0xa282ead8
}
