// Package three_d_object_detection_for_autonomous_vehicles is the
// 3d-object-detection-for-autonomous-vehicles competition (the original's
// mlebench/competitions/3d-object-detection-for-autonomous-vehicles/): its
// prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/3d-object-detection-for-autonomous-vehicles.md
//
// Prepare splits the Lyft level5 logs with train_test_split(test_size=0.2,
// random_state=0) and divides every table of raw/train_data by log, sample
// or sample_data, writing each JSON table as Python's json.dump does; the
// test samples' boxes of raw/train.csv, each with a confidence 1.0, are the
// answers. Grade is the Lyft devkit's 3-D mAP (mAP_evaluation: IoU of
// yaw-rotated boxes, footprint intersection in the bird's-eye view) per
// sample over the IoU thresholds 0.5, 0.55, ..., 0.95, averaged.
//
// Quirks reproduced:
//   - samples are assigned by comparing their scene_token with the LOG
//     tokens;
//   - both public map.json files carry the TEST log tokens (in permutation
//     order): the original's shallow copies share one map object;
//   - sample_annotation.json and instance.json are written for train only;
//   - ego poses are repeated per sample_data entry, calibrations
//     de-duplicated;
//   - prediction strings are split on single spaces (a double space is an
//     empty token: invalid);
//   - boxes are validated lazily: only boxes of a class that the sample's
//     truth has, and only when the submission predicts that class there;
//     a yaw of ±inf fails for every box (math.cos at parse time);
//   - a GT box that is already matched makes a prediction a false
//     positive even when another GT box overlaps it enough.
//
// Numerics of the libraries the original grader uses, reproduced (and
// tested bit for bit against Python, numpy and shapely in testdata/):
//   - the yaw quaternion (math.cos, math.sin of yaw/2): correctly rounded
//     sine and cosine; glibc's are within about 0.52 ulp, so about one
//     argument in 400 differs in the last bit;
//   - pyquaternion's rotation_matrix entries: the 4×4 product summed in
//     order with fused multiply-adds, as numpy's BLAS does on x86-64;
//   - shapely's Polygon.intersection(...).area: GEOS's line-intersection
//     formula for the new vertices, GEOS's result-ring start vertex and
//     orientation, and GEOS's shoelace sum;
//   - Python's sorted(..., reverse=True) of the confidences, NaN included
//     (CPython's listsort).
package three_d_object_detection_for_autonomous_vehicles

import "github.com/mlebench/mlebench/internal/competition"

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "3d-object-detection-for-autonomous-vehicles",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
