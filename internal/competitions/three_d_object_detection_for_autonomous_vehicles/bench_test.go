package three_d_object_detection_for_autonomous_vehicles

import (
	"bufio"
	"context"
	"fmt"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/grade"
)

// benchSamples is the number of samples of the benchmarks:
// MLEBENCH_3D_BENCH_SAMPLES, default 5,000 (the Kaggle train part has
// 22,680 samples, about 28 boxes each).
func benchSamples(b *testing.B) int {
	n := 5000
	if s := os.Getenv("MLEBENCH_3D_BENCH_SAMPLES"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil || n < 10 {
			b.Fatalf("MLEBENCH_3D_BENCH_SAMPLES=%q", s)
		}
	}
	return n
}

// BenchmarkPrepare prepares a synthetic raw download with the real
// dataset's proportions: samples in scenes of 126 (one per log), three
// sample_data entries (two 1-byte images, one lidar file) and one ego pose
// per entry, 28 annotations per sample (sample_annotation.json is the
// biggest table, about 0.5 GB at the real scale). Reported: peak-RSS-MB
// (VmHWM, reset right before Prepare), peak-heap-MB (sampled every 10 ms)
// and the raw JSON size.
//
//	MLEBENCH_3D_BENCH_SAMPLES=22680 go test ./internal/competitions/three_d_object_detection_for_autonomous_vehicles/ -run XXX -bench Prepare -benchtime 1x
func BenchmarkPrepare(b *testing.B) {
	samples := benchSamples(b)
	dir := b.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	jsonBytes, err := writeBenchRaw(d.Raw, samples)
	if err != nil {
		b.Fatal(err)
	}
	b.Run(fmt.Sprintf("samples=%d", samples), func(b *testing.B) {
		var peakRSS, peakHeap float64
		for range b.N {
			b.StopTimer()
			os.RemoveAll(d.Public)
			os.RemoveAll(d.Private)
			os.MkdirAll(d.Public, 0o755)
			os.MkdirAll(d.Private, 0o755)
			debug.FreeOSMemory()
			comptest.ResetPeakRSS()
			stop := sampleHeap()
			b.StartTimer()
			if err := Prepare(context.Background(), d); err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			peakHeap = max(peakHeap, float64(stop())/(1<<20))
			peakRSS = max(peakRSS, float64(comptest.PeakRSS())/(1<<20))
			b.StartTimer()
		}
		b.ReportMetric(peakRSS, "peak-RSS-MB")
		b.ReportMetric(peakHeap, "peak-heap-MB")
		b.ReportMetric(float64(jsonBytes)/(1<<20), "raw-JSON-MB")
	})
}

// BenchmarkGrade grades the perfect submission of the benchmark's test
// split (a fifth of the samples, 28 boxes each): every box of both sides
// is built.
func BenchmarkGrade(b *testing.B) {
	samples := benchSamples(b) / 5
	var sb strings.Builder
	sb.WriteString("Id,PredictionString\n")
	for s := 0; s < samples; s++ {
		fmt.Fprintf(&sb, "%064x,", s)
		for k := 0; k < 28; k++ {
			if k > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "1.0 %v %v -18.2 1.9 4.6 1.7 %v %s", 1000+12*float64(k)+float64(s%7)/10, 800+float64(k%3), math.Mod(float64(s*k), 6.28)-3.14, fakeClasses[k%4])
		}
		sb.WriteByte('\n')
	}
	path := filepath.Join(b.TempDir(), "answers.csv")
	if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	ans, err := grade.LoadAnswers(Competition, path)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		s, err := Grade(ans, ans)
		if err != nil || s.Value != 1 {
			b.Fatalf("score %v, %v", s, err)
		}
	}
}

// writeBenchRaw writes the benchmark's raw download and returns the size
// of its JSON tables.
func writeBenchRaw(raw string, samples int) (int64, error) {
	data := filepath.Join(raw, "train_data")
	for _, sub := range []string{data, filepath.Join(raw, "train_images"), filepath.Join(raw, "train_lidar"), filepath.Join(raw, "train_maps")} {
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return 0, err
		}
	}
	tok := func(kind byte, i int) string { return fmt.Sprintf("%c%063x", kind, i) }
	const perScene = 126
	logs := (samples + perScene - 1) / perScene
	var total int64
	table := func(name string, n int, item func(w *bufio.Writer, i int)) error {
		f, err := os.Create(filepath.Join(data, name))
		if err != nil {
			return err
		}
		w := bufio.NewWriterSize(f, 1<<20)
		w.WriteString("[\n")
		for i := 0; i < n; i++ {
			if i > 0 {
				w.WriteString(",\n")
			}
			item(w, i)
		}
		w.WriteString("\n]")
		if err := w.Flush(); err != nil {
			return err
		}
		st, _ := f.Stat()
		total += st.Size()
		return f.Close()
	}
	logOf := func(s int) int { return s / perScene }
	steps := []error{
		table("log.json", logs, func(w *bufio.Writer, i int) {
			fmt.Fprintf(w, `{"date_captured": "2019-05-24", "location": "Palo Alto", "vehicle": "a101", "token": %q, "logfile": ""}`, tok('a', i))
		}),
		table("scene.json", logs, func(w *bufio.Writer, i int) {
			fmt.Fprintf(w, `{"log_token": %q, "name": "host-a101-lidar0", "token": %q, "nbr_samples": 126}`, tok('a', i), tok('a', i))
		}),
		table("sample.json", samples, func(w *bufio.Writer, i int) {
			fmt.Fprintf(w, `{"next": "", "prev": "", "token": %q, "timestamp": %v, "scene_token": %q}`, tok('b', i), 1557858039302414.8+float64(i)*2e5, tok('a', logOf(i)))
		}),
		table("sample_data.json", 3*samples, func(w *bufio.Writer, i int) {
			ext, dir := "jpeg", "images"
			if i%3 == 2 {
				ext, dir = "bin", "lidar"
			}
			fmt.Fprintf(w, `{"width": 1224, "height": 1024, "calibrated_sensor_token": %q, "token": %q, "sample_token": %q, "is_key_frame": true, "prev": "", "fileformat": %q, "timestamp": %v, "next": "", "ego_pose_token": %q, "channel": "CAM_FRONT", "filename": "%s/host-a101_%d.%s"}`,
				tok('c', 3*logOf(i/3)+i%3), tok('d', i), tok('b', i/3), ext, 1557858039302414.8+float64(i), tok('e', i), dir, i, ext)
		}),
		table("calibrated_sensor.json", 3*logs, func(w *bufio.Writer, i int) {
			fmt.Fprintf(w, `{"sensor_token": "s", "rotation": [0.5, -0.5, 0.5, -0.5], "camera_intrinsic": [], "translation": [1.2, 0.1, 1.7], "token": %q}`, tok('c', i))
		}),
		table("ego_pose.json", 3*samples, func(w *bufio.Writer, i int) {
			fmt.Fprintf(w, `{"rotation": [0.9, 0.01, -0.02, 0.4], "translation": [%v, 800.25, -18.5], "token": %q, "timestamp": %v}`, 1000+float64(i)/7, tok('e', i), 1557858039302414.8+float64(i))
		}),
		table("sample_annotation.json", 28*samples, func(w *bufio.Writer, i int) {
			fmt.Fprintf(w, `{"token": %q, "num_lidar_pts": 42, "size": [1.93, 4.65, 1.72], "sample_token": %q, "rotation": [0.98, 0.0, 0.0, 0.19], "prev": "", "translation": [%v, 800.125, -18.25], "num_radar_pts": 0, "attribute_tokens": ["f"], "next": "", "instance_token": %q, "visibility_token": "", "category_name": "car"}`,
				tok('f', i), tok('b', i/28), 1000+float64(i)/3, tok('g', logOf(i/28)*28+i%28))
		}),
		table("instance.json", 28*logs, func(w *bufio.Writer, i int) {
			fmt.Fprintf(w, `{"token": %q, "category_token": "c", "nbr_annotations": 126}`, tok('g', i))
		}),
		table("map.json", 1, func(w *bufio.Writer, i int) {
			fmt.Fprintf(w, `{"log_tokens": [], "category": "semantic_prior", "filename": "maps/map_raster_palo_alto.png", "token": "m"}`)
		}),
	}
	for _, name := range []string{"attribute.json", "category.json", "sensor.json", "visibility.json"} {
		steps = append(steps, os.WriteFile(filepath.Join(data, name), []byte(`[{"token": "x"}]`), 0o644))
	}
	for _, err := range steps {
		if err != nil {
			return 0, err
		}
	}
	var csv strings.Builder
	csv.WriteString("Id,PredictionString\n")
	for s := 0; s < samples; s++ {
		fmt.Fprintf(&csv, "%s,2680.28 698.19 -18.06 2.064 5.488 2.053 2.604 car\n", tok('b', s))
	}
	if err := os.WriteFile(filepath.Join(raw, "train.csv"), []byte(csv.String()), 0o644); err != nil {
		return 0, err
	}
	for i := 0; i < 3*samples; i++ {
		dir, ext := "train_images", "jpeg"
		if i%3 == 2 {
			dir, ext = "train_lidar", "bin"
		}
		if err := os.WriteFile(filepath.Join(raw, dir, fmt.Sprintf("host-a101_%d.%s", i, ext)), []byte{byte(i)}, 0o644); err != nil {
			return 0, err
		}
	}
	return total, os.WriteFile(filepath.Join(raw, "train_maps", "map_raster_palo_alto.png"), []byte("png"), 0o644)
}

// sampleHeap samples HeapInuse until stop, which returns the peak.
func sampleHeap() (stop func() uint64) {
	var peak atomic.Uint64
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		var ms runtime.MemStats
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 {
		close(done)
		<-finished
		return peak.Load()
	}
}
