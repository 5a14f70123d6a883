package mlsp_2013_birds

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/mlsp_contest_dataset.zip with every member under
// mlsp_contest_dataset/: 322 fold-0 records by default (Rows sets the
// number; the original needs 318–322) interleaved with 80 fold-1 records,
// the labels file (species sets, bare ids, "?" for fold 1), species_list,
// a WAV and three spectrogram images per recording (segmentation examples
// for some), the two mosaic images and the three supplemental text files
// (one with CRLF line ends, one with a comma-less line, several segments
// per recording). The 64 sampled test records hold both present and absent
// species.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	m := synth.Rows(opt.Rows, 322)
	r := synth.Rand(opt.Seed, "birds")
	total := m + 80
	fold := make([]int, total)
	for i := range fold {
		fold[i] = 1
	}
	for _, p := range r.Perm(total)[:m] {
		fold[p] = 0
	}
	var entries []synth.ZipEntry
	add := func(name string, data []byte) {
		entries = append(entries, synth.ZipEntry{Name: rootDir + name, Data: data})
	}
	var cv, names, labels, hist, feat, rect strings.Builder
	cv.WriteString("rec_id,fold\n")
	names.WriteString("rec_id,filename\n")
	labels.WriteString("rec_id,[labels]\n")
	hist.WriteString("rec_id,[histogram of segment features]\r\n")
	feat.WriteString("rec_id,segment_id,[feature vector]\n")
	rect.WriteString("rec_id,[Segment_ID, min_x, max_x, min_y, max_y]\n")
	wav := synth.WAV([]int16{0, 1200, -1200, 300}, 16000)
	for id := 0; id < total; id++ {
		fmt.Fprintf(&cv, "%d,%d\n", id, fold[id])
		f := fmt.Sprintf("PC%d_2009%02d%02d_%06d_%04d", 1+r.IntN(13), 1+r.IntN(12), 1+r.IntN(28), r.IntN(240000), id)
		fmt.Fprintf(&names, "%d,%s\n", id, f)
		if fold[id] == 1 {
			fmt.Fprintf(&labels, "%d,?\n", id)
		} else {
			var sp []string
			for s := 0; s < nSpecies; s++ {
				if r.IntN(12) == 0 {
					sp = append(sp, strconv.Itoa(s))
				}
			}
			if id%5 == 0 {
				sp = append(sp, "3") // a present species in many records
			}
			if len(sp) == 0 {
				fmt.Fprintf(&labels, "%d\n", id)
			} else {
				fmt.Fprintf(&labels, "%d,%s\n", id, strings.Join(sp, ","))
			}
		}
		add("essential_data/src_wavs/"+f+".wav", wav)
		for _, d := range []string{"filtered_spectrograms", "spectrograms", "supervised_segmentation"} {
			add("supplemental_data/"+d+"/"+f+".bmp", []byte("BM"+d+f))
		}
		if id%7 == 0 {
			add("supplemental_data/segmentation_examples/"+f+".bmp", []byte("BMexample"+f))
		}
		vals := make([]string, 5)
		for k := range vals {
			vals[k] = strconv.FormatFloat(float64(r.IntN(1000))/1000, 'f', -1, 64)
		}
		fmt.Fprintf(&hist, "%d,%s\r\n", id, strings.Join(vals, ","))
		for seg := 0; seg < r.IntN(3); seg++ {
			fmt.Fprintf(&feat, "%d,%d,%s\n", id, seg, strings.Join(vals, ","))
			fmt.Fprintf(&rect, "%d,%d,%d,%d,%d,%d,\n", id, seg, r.IntN(100), r.IntN(100), r.IntN(50), r.IntN(50))
		}
		if id == 9 {
			fmt.Fprintf(&rect, "%d\n", id)
		}
	}
	add("essential_data/CVfolds_2.txt", []byte(cv.String()))
	add("essential_data/rec_id2filename.txt", []byte(names.String()))
	add("essential_data/rec_labels_test_hidden.txt", []byte(labels.String()))
	add("essential_data/species_list.txt", []byte("class_id,code,species\n0,BRCR,Brown Creeper\n1,PAWR,Pacific Wren\n"))
	add("supplemental_data/segment_clusters.bmp", []byte("BMclusters"))
	add("supplemental_data/segment_mosaic.bmp", []byte("BMmosaic"))
	add("supplemental_data/histogram_of_segments.txt", []byte(hist.String()))
	add("supplemental_data/segment_features.txt", []byte(feat.String()))
	add("supplemental_data/segment_rectangles.txt", []byte(rect.String()))
	add("README.txt", []byte("unused\n"))
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].Name < entries[j].Name })
	return synth.WriteZip(filepath.Join(dir, "mlsp_contest_dataset.zip"), entries)
}
