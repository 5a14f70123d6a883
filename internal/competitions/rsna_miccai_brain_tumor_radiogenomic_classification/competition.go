// Package rsna_miccai_brain_tumor_radiogenomic_classification is the
// rsna-miccai-brain-tumor-radiogenomic-classification competition (spec:
// ../shared/spec/competitions/rsna-miccai-brain-tumor-radiogenomic-classification.md).
//
// Prepare reads raw/train_labels.csv with BraTS21ID as text and MGMT_value
// as integers, splits it with train_test_split(test_size=0.1,
// random_state=0), copies each case's DICOM tree raw/train/<id> into
// public/train/<id> or public/test/<id>, and writes train_labels.csv, the
// answers private/test.csv and a sample submission of 0.5s. Grade is the
// shared AUROC helper (BraTS21ID, MGMT_value) and scikit-learn's binary
// roc_auc_score, a NumPy float64.
//
// Quirks reproduced:
//   - the test cases are copied from raw/train (raw/test is never read) and
//     the three cases Kaggle flagged as faulty are kept;
//   - ids keep their zero padding in the prepared files, but grading reads
//     them with default inference, so they match as integers ("12" and
//     "12.0" match answer 00012);
//   - the entry-count asserts on public/train and public/test compare with
//     the split sizes (they fail only for duplicate ids); entries whose
//     name starts with "." are not counted, as glob skips them;
//   - any extra raw column is carried into every output file.
package rsna_miccai_brain_tumor_radiogenomic_classification

import "github.com/mlebench/mlebench/internal/competition"

// Competition is rsna-miccai-brain-tumor-radiogenomic-classification.
var Competition = &competition.Impl{
	ID:        "rsna-miccai-brain-tumor-radiogenomic-classification",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
