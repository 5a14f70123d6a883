// Package alaska2_image_steganalysis is the alaska2-image-steganalysis
// competition (spec: ../shared/spec/competitions/alaska2-image-steganalysis.md).
//
// Prepare splits the sorted raw/Cover/*.jpg list with scikit-learn's
// train_test_split(test_size=5000, random_state=42), copies each train cover
// and its three stego versions (JMiPOD, JUNIWARD, UERD) under the new name
// <k:05d>.jpg, then shuffles the test covers with Python's random.seed(0)
// and, per test image, draws random.choice([True, False]) (cover, label 0)
// or else random.choice of the three algorithms (that stego file, label 1),
// saved as public/Test/<idx+1:04d>.jpg. Grade is the competition's weighted
// AUC over the TPR bands [0, 0.4] (weight 2) and [0.4, 1] (weight 1).
//
// Quirks reproduced:
//   - only names matching the case-sensitive glob "*.jpg" count (hidden
//     names skipped as glob does), in code-point order;
//   - fewer than 5001 covers fail in train_test_split; the 5000 test rows
//     and the Test count assert are literals, the train count is computed;
//   - the ROC curve is scikit-learn's roc_curve with drop_intermediate,
//     threshold 0.4 inserted by linear interpolation, band areas summed
//     with NumPy's pairwise sum and divided by the double 1.4;
//   - Ids must match as strings ("0001.jpg"); labels may be any finite
//     reals (no [0, 1] check); inf fails inside roc_curve (a plain error).
package alaska2_image_steganalysis

import "github.com/mlebench/mlebench/internal/competition"

// Competition is alaska2-image-steganalysis.
var Competition = &competition.Impl{
	ID:        "alaska2-image-steganalysis",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
