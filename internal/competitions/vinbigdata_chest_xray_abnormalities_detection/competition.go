// Package vinbigdata_chest_xray_abnormalities_detection is the
// vinbigdata-chest-xray-abnormalities-detection competition (spec:
// ../shared/spec/competitions/vinbigdata-chest-xray-abnormalities-detection.md).
//
// Prepare splits the distinct image ids with train_test_split(test_size=0.1,
// random_state=0) (asserting the literal sizes 13,500 and 1,500), writes the
// train rows, a "14 1 0 0 1 1" sample submission, the answers as the
// per-(image, class) consensus first() with NaN filled by 0 and the
// "No finding" box set to (0, 0, 1, 1), and a gold submission built from
// them, and copies raw/train/<id>.dicom into public/train or public/test.
// Grade is the VinBigData kernel's COCO evaluation (pycocotools COCOeval,
// bbox, one IoU threshold 0.4): stats[0].
//
// Quirks reproduced:
//   - exactly 15,000 distinct raw image ids are required (literal asserts);
//   - test images are copied from raw/train;
//   - boxes are given to COCO as [x_min, y_min, x_max, y_max] but read as
//     [x, y, width, height];
//   - annotation and detection ids start at 0, which pycocotools' matching
//     takes for "unmatched": the first ground-truth box can never give a
//     true positive, and detection 0 never consumes its match;
//   - unmatched detections whose xyxy area is negative are ignored;
//   - submission rows are not counted: the image-id sets must be equal,
//     and duplicated rows add detections;
//   - every parse failure is an invalid submission.
package vinbigdata_chest_xray_abnormalities_detection

import "github.com/mlebench/mlebench/internal/competition"

// Competition is vinbigdata-chest-xray-abnormalities-detection.
var Competition = &competition.Impl{
	ID:        "vinbigdata-chest-xray-abnormalities-detection",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
