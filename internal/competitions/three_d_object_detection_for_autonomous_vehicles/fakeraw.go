package three_d_object_detection_for_autonomous_vehicles

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/pyjson"
)

// fakeClasses are the Lyft level5 class names.
var fakeClasses = []string{"car", "pedestrian", "truck", "bicycle", "other_vehicle", "bus", "motorcycle", "emergency_vehicle", "animal"}

// fakeSensors are the sensor channels of a fake sample: two cameras and
// the top lidar (the real data has seven cameras and up to three lidars).
var fakeSensors = []struct{ channel, modality, format string }{
	{"CAM_FRONT", "camera", "jpeg"},
	{"CAM_BACK", "camera", "jpeg"},
	{"LIDAR_TOP", "lidar", "bin"},
}

// FakeRaw writes the train part of the Kaggle download (spec "Raw data"):
// raw/train.csv (one row per sample: Id and the boxes as "cx cy cz w l h
// yaw class" groups), the thirteen Lyft level5 tables of raw/train_data/
// (JSON lists as the devkit reads them; indented, with float timestamps,
// quaternions and non-ASCII descriptions so that re-encoding is
// exercised), raw/train_maps/map_raster_palo_alto.png, one JPEG per camera
// entry in raw/train_images/ and one lidar sweep (float32 x, y, z,
// intensity, ring per point) per lidar entry in raw/train_lidar/, and the
// raw sample_submission.csv the preparer never opens.
//
// The default has 30 samples in 10 logs (one scene per log whose token is
// the log's token, as the preparer's sample/log matching requires);
// opt.Rows sets the number of samples (at least 2), three per log.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "3d-object-detection-for-autonomous-vehicles")
	nSamples := synth.Rows(opt.Rows, 30)
	if nSamples < 2 {
		return fmt.Errorf("3d-object-detection-for-autonomous-vehicles: need at least 2 samples, got %d", nSamples)
	}
	nLogs := max(2, nSamples/3)
	used := map[string]bool{}
	token := func() string {
		for {
			t := synth.Hex(r, 64)
			if !used[t] && strings.ContainsAny(t, "abcdef") {
				used[t] = true
				return t
			}
		}
	}
	data := filepath.Join(dir, "train_data")
	write := func(name string, v any) error {
		b, err := pyjson.Marshal(v, pyjson.Options{Indent: 4})
		if err != nil {
			return err
		}
		return synth.WriteFile(filepath.Join(data, name), b)
	}
	obj := func(kv ...any) pyjson.Object {
		o := make(pyjson.Object, 0, len(kv)/2)
		for i := 0; i < len(kv); i += 2 {
			o = append(o, pyjson.Member{Key: kv[i].(string), Value: kv[i+1]})
		}
		return o
	}

	var logs, scenes, samples, sampleData, cals, egos, anns, insts []any
	trainCSV := synth.CSV{Header: []string{"Id", "PredictionString"}}
	categories := make([]any, len(fakeClasses))
	catTokens := make([]string, len(fakeClasses))
	for i, c := range fakeClasses {
		catTokens[i] = token()
		categories[i] = obj("description", "classe « "+c+" »", "token", catTokens[i], "name", c)
	}
	sensors := make([]any, len(fakeSensors))
	sensorTokens := make([]string, len(fakeSensors))
	for i, s := range fakeSensors {
		sensorTokens[i] = token()
		sensors[i] = obj("modality", s.modality, "channel", s.channel, "token", sensorTokens[i])
	}
	attrs := []any{obj("description", "", "token", token(), "name", "object_action_parked"),
		obj("description", "", "token", token(), "name", "object_action_driving_straight_forward")}
	visibility := []any{obj("description", "visibility of whole object is between 0 and 40%", "token", "1", "level", "v0-40")}

	nextSample := 0
	ts := 1557858039302414.8
	for l := 0; l < nLogs; l++ {
		logTok := token()
		vehicle := fmt.Sprintf("host-a%03d", 1+r.IntN(120))
		logs = append(logs, obj("date_captured", fmt.Sprintf("2019-%02d-%02d", 1+r.IntN(12), 1+r.IntN(28)), "location", "Palo Alto", "vehicle", vehicle, "token", logTok, "logfile", ""))
		// Calibrations of this log's sensors; a log whose vehicle drives two
		// scenes would share them, here every sample_data entry of the log
		// reuses them (the preparer de-duplicates).
		calTok := make([]string, len(fakeSensors))
		for s := range fakeSensors {
			calTok[s] = token()
			cals = append(cals, obj("sensor_token", sensorTokens[s], "rotation", quat(r.Float64()*0.2), "camera_intrinsic", []any{}, "translation", []any{r.Float64(), r.Float64() - 0.5, 1.5 + r.Float64()}, "token", calTok[s]))
		}
		per := nSamples / nLogs
		if l < nSamples%nLogs {
			per++
		}
		var sampleToks []string
		for k := 0; k < per; k++ {
			sampleToks = append(sampleToks, token())
		}
		instTok := make([]string, 2+r.IntN(3))
		instCls := make([]int, len(instTok))
		for k := range instTok {
			instTok[k] = token()
			instCls[k] = r.IntN(len(fakeClasses))
			if k == 0 {
				instCls[k] = 0 // a car in every scene
			}
		}
		firstAnn := make([]string, len(instTok))
		lastAnn := make([]string, len(instTok))
		nAnn := make([]int, len(instTok))
		for k, sTok := range sampleToks {
			prev, next := "", ""
			if k > 0 {
				prev = sampleToks[k-1]
			}
			if k+1 < len(sampleToks) {
				next = sampleToks[k+1]
			}
			ts += 200000 + r.Float64()
			samples = append(samples, obj("next", next, "prev", prev, "token", sTok, "timestamp", ts, "scene_token", logTok, "data", pyjson.Object{}, "anns", []any{}))
			nextSample++
			egoX, egoY := 1000+r.Float64()*2000, 500+r.Float64()*1000
			for s, sen := range fakeSensors {
				egoTok := token()
				egos = append(egos, obj("rotation", quat(r.Float64()*6.28-3.14), "translation", []any{egoX + r.Float64(), egoY, -18.5 + r.Float64()}, "token", egoTok, "timestamp", ts+float64(s)))
				sdTok := token()
				name := fmt.Sprintf("%s_%s_%s", vehicle, strings.ToLower(strings.ReplaceAll(sen.channel, "_FRONT", "0")), strconv.FormatInt(int64(ts)+int64(s), 10))
				var file string
				switch sen.format {
				case "jpeg":
					file = "images/" + strings.ReplaceAll(strings.ToLower(name), "cam_back", "cam3") + ".jpeg"
					img, err := synth.JPEG(synth.RGB(r, 8+r.IntN(8), 8))
					if err != nil {
						return err
					}
					if err := synth.WriteFile(filepath.Join(dir, "train_images", filepath.Base(file)), img); err != nil {
						return err
					}
				case "bin":
					file = "lidar/" + strings.ToLower(name) + ".bin"
					if err := synth.WriteFile(filepath.Join(dir, "train_lidar", filepath.Base(file)), lidarSweep(r)); err != nil {
						return err
					}
				}
				entry := obj("width", 1224, "height", 1024, "calibrated_sensor_token", calTok[s], "token", sdTok, "sample_token", sTok, "is_key_frame", true, "prev", "", "fileformat", sen.format, "timestamp", ts+float64(s), "next", "", "ego_pose_token", egoTok, "channel", sen.channel, "filename", file)
				if sen.format == "bin" {
					entry = obj("width", nil, "height", nil, "calibrated_sensor_token", calTok[s], "token", sdTok, "sample_token", sTok, "is_key_frame", true, "prev", "", "fileformat", sen.format, "timestamp", ts+float64(s), "next", "", "ego_pose_token", egoTok, "channel", sen.channel, "filename", file)
				}
				sampleData = append(sampleData, entry)
			}
			// Boxes: each instance appears in a sample with probability 3/4
			// (the first always), spread 12 m apart so boxes do not overlap.
			var groups []string
			for ii := range instTok {
				if ii > 0 && r.IntN(4) == 0 {
					continue
				}
				cls := fakeClasses[instCls[ii]]
				cx := egoX + 12*float64(ii) + r.Float64()
				cy := egoY + r.Float64()*3
				cz := -18 + r.Float64()
				w, ln, h := 0.5+2*r.Float64(), 0.8+4*r.Float64(), 1+2*r.Float64()
				yaw := r.Float64()*2*math.Pi - math.Pi
				annTok := token()
				if firstAnn[ii] == "" {
					firstAnn[ii] = annTok
				}
				lastAnn[ii] = annTok
				nAnn[ii]++
				anns = append(anns, obj("token", annTok, "num_lidar_pts", r.IntN(300), "size", []any{w, ln, h}, "sample_token", sTok, "rotation", quat(yaw), "prev", "", "translation", []any{cx, cy, cz}, "num_radar_pts", 0, "attribute_tokens", []any{}, "next", "", "instance_token", instTok[ii], "visibility_token", "", "category_name", cls))
				groups = append(groups, strings.Join([]string{pyFloat(cx), pyFloat(cy), pyFloat(cz), pyFloat(w), pyFloat(ln), pyFloat(h), pyFloat(yaw), cls}, " "))
			}
			trainCSV.Add(sTok, strings.Join(groups, " "))
		}
		for ii := range instTok {
			if nAnn[ii] == 0 {
				continue // never annotated: not listed (the preparer requires every instance used)
			}
			insts = append(insts, obj("last_annotation_token", lastAnn[ii], "category_token", catTokens[instCls[ii]], "token", instTok[ii], "first_annotation_token", firstAnn[ii], "nbr_annotations", nAnn[ii]))
		}
		scenes = append(scenes, obj("log_token", logTok, "first_sample_token", sampleToks[0], "name", fmt.Sprintf("%s-%d", vehicle, l), "description", "", "last_sample_token", sampleToks[len(sampleToks)-1], "nbr_samples", len(sampleToks), "token", logTok))
	}
	logTokens := make([]any, len(logs))
	for i, l := range logs {
		logTokens[i] = l.(pyjson.Object)[3].Value
	}
	maps := []any{obj("log_tokens", logTokens, "category", "semantic_prior", "filename", "maps/map_raster_palo_alto.png", "token", token())}

	for _, f := range []struct {
		name string
		v    any
	}{
		{"log.json", logs}, {"scene.json", scenes}, {"sample.json", samples}, {"sample_data.json", sampleData},
		{"calibrated_sensor.json", cals}, {"ego_pose.json", egos}, {"sample_annotation.json", anns},
		{"instance.json", insts}, {"map.json", maps}, {"category.json", categories}, {"sensor.json", sensors},
		{"attribute.json", attrs}, {"visibility.json", visibility},
	} {
		if err := write(f.name, f.v); err != nil {
			return err
		}
	}
	png, err := synth.PNG(synth.RGB(r, 32, 24))
	if err != nil {
		return err
	}
	if err := synth.WriteFile(filepath.Join(dir, "train_maps", "map_raster_palo_alto.png"), png); err != nil {
		return err
	}
	if err := trainCSV.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	sample := synth.CSV{Header: []string{"Id", "PredictionString"}}
	for i := 0; i < 3; i++ {
		sample.Add(token(), "")
	}
	return sample.Write(filepath.Join(dir, "sample_submission.csv"))
}

// quat is the rotation about z by yaw as a [w, x, y, z] list.
func quat(yaw float64) []any {
	return []any{math.Cos(yaw / 2), 0.0, 0.0, math.Sin(yaw / 2)}
}

// pyFloat formats x as Python's repr (str) of a float.
func pyFloat(x float64) string { return string(pyjson.Float(x)) }

// lidarSweep is a Lyft lidar .bin: points of five little-endian float32
// (x, y, z, intensity, ring).
func lidarSweep(r *rand.Rand) []byte {
	n := 4 + r.IntN(12)
	b := make([]byte, 0, n*20)
	for i := 0; i < n; i++ {
		for _, v := range []float64{r.Float64()*80 - 40, r.Float64()*80 - 40, r.Float64()*4 - 2, r.Float64() * 100, float64(r.IntN(64))} {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(v)))
		}
	}
	return b
}
