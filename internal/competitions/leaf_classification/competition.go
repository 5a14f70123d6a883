package leaf_classification

// leaf-classification — spec: ../shared/spec/competitions/leaf-classification.md
//
// Quirks reproduced:
//   - raw/train.csv.zip (train.csv at the root) and raw/images.zip
//     (images/<id>.jpg) are read in place; train_test_split(test_size=0.1,
//     random_state=0);
//   - answers are a one-hot table (id + the 99 fixed classes, int64 0/1); a
//     species outside the list appends a float column (NaN elsewhere), which
//     makes every later grading fail the answers-columns assert;
//   - public/images gets the images of the train and test ids only (not the
//     Kaggle test images); private/images is created empty; the image count
//     assert uses the computed row count;
//   - the sample gives every class 1/99, written 0.010101010101010102;
//   - grading: exact column set, length, row sums numpy-isclose to 1
//     (atol=1e-6, rtol=1e-5), 0 <= p <= 1 (NaN fails), then the shared
//     one-hot log-loss alignment (an id mismatch is an AssertionError, a
//     plain error); log_loss with scikit-learn 1.5's clipping to
//     [eps, 1-eps] and no renormalisation; a Python float.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "leaf-classification",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

// classes is the original's fixed class list (code-point order).
var classes = strings.Fields(
	"Acer_Capillipes Acer_Circinatum Acer_Mono Acer_Opalus Acer_Palmatum Acer_Pictum Acer_Platanoids " +
		"Acer_Rubrum Acer_Rufinerve Acer_Saccharinum Alnus_Cordata Alnus_Maximowiczii Alnus_Rubra " +
		"Alnus_Sieboldiana Alnus_Viridis Arundinaria_Simonii Betula_Austrosinensis Betula_Pendula " +
		"Callicarpa_Bodinieri Castanea_Sativa Celtis_Koraiensis Cercis_Siliquastrum Cornus_Chinensis " +
		"Cornus_Controversa Cornus_Macrophylla Cotinus_Coggygria Crataegus_Monogyna Cytisus_Battandieri " +
		"Eucalyptus_Glaucescens Eucalyptus_Neglecta Eucalyptus_Urnigera Fagus_Sylvatica Ginkgo_Biloba " +
		"Ilex_Aquifolium Ilex_Cornuta Liquidambar_Styraciflua Liriodendron_Tulipifera " +
		"Lithocarpus_Cleistocarpus Lithocarpus_Edulis Magnolia_Heptapeta Magnolia_Salicifolia Morus_Nigra " +
		"Olea_Europaea Phildelphus Populus_Adenopoda Populus_Grandidentata Populus_Nigra Prunus_Avium " +
		"Prunus_X_Shmittii Pterocarya_Stenoptera Quercus_Afares Quercus_Agrifolia Quercus_Alnifolia " +
		"Quercus_Brantii Quercus_Canariensis Quercus_Castaneifolia Quercus_Cerris Quercus_Chrysolepis " +
		"Quercus_Coccifera Quercus_Coccinea Quercus_Crassifolia Quercus_Crassipes Quercus_Dolicholepis " +
		"Quercus_Ellipsoidalis Quercus_Greggii Quercus_Hartwissiana Quercus_Ilex Quercus_Imbricaria " +
		"Quercus_Infectoria_sub Quercus_Kewensis Quercus_Nigra Quercus_Palustris Quercus_Phellos " +
		"Quercus_Phillyraeoides Quercus_Pontica Quercus_Pubescens Quercus_Pyrenaica Quercus_Rhysophylla " +
		"Quercus_Rubra Quercus_Semecarpifolia Quercus_Shumardii Quercus_Suber Quercus_Texana " +
		"Quercus_Trojana Quercus_Variabilis Quercus_Vulcanica Quercus_x_Hispanica Quercus_x_Turneri " +
		"Rhododendron_x_Russellianum Salix_Fragilis Salix_Intergra Sorbus_Aria Tilia_Oliveri " +
		"Tilia_Platyphyllos Tilia_Tomentosa Ulmus_Bergmanniana Viburnum_Tinus " +
		"Viburnum_x_Rhytidophylloides Zelkova_Serrata")

func Prepare(ctx context.Context, d competition.Dirs) error {
	csvZipPath := filepath.Join(d.Raw, "train.csv.zip")
	csvZip, err := zipfile.Open(csvZipPath)
	if err != nil {
		return err
	}
	defer csvZip.Close()
	images, err := zipfile.Open(filepath.Join(d.Raw, "images.zip"))
	if err != nil {
		return err
	}
	defer images.Close()
	df, err := zipfile.ReadTable(csvZip, "train.csv", csvZipPath)
	if err != nil {
		return err
	}
	ids, ok1 := df.Col("id")
	species, ok2 := df.Col("species")
	if !ok1 || !ok2 {
		return fmt.Errorf("train.csv needs id and species columns")
	}
	train, test, err := pyrand.TrainTestSplit(df.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return err
	}
	newTrain, newTest := df.Take(train), df.Take(test)
	if err := table.WriteFile(filepath.Join(d.Public, "test.csv"), newTest.Drop("species"), table.WriteOptions{}); err != nil {
		return err
	}
	testSpecies := species.Take(test)
	labels := make([]string, len(test))
	for i := range labels {
		labels[i] = testSpecies.Str(i)
	}
	answers, err := submission.OneHot(ids.Take(test), "id", labels, classes)
	if err != nil {
		return err
	}
	if err := table.WriteFile(filepath.Join(d.Private, "test.csv"), answers, table.WriteOptions{}); err != nil {
		return err
	}

	pubImages := filepath.Join(d.Public, "images")
	for _, dir := range []string{pubImages, filepath.Join(d.Private, "images")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	for _, rows := range [][]int{train, test} {
		for _, r := range rows {
			if err := ctx.Err(); err != nil {
				return err
			}
			name := ids.Str(r) + ".jpg"
			if !imagecopy.SafeName(name) {
				return fmt.Errorf("image name %q is not a plain file name", name)
			}
			if err := images.ExtractTo("images/"+name, filepath.Join(pubImages, name)); err != nil {
				return fmt.Errorf("copying image: %w", err)
			}
		}
	}
	if answers.Len() != newTest.Len() {
		return fmt.Errorf("answers have %d rows, test %d", answers.Len(), newTest.Len())
	}
	n, err := imagecopy.CountTopFiles(pubImages, ".jpg")
	if err != nil {
		return err
	}
	if n != len(train)+len(test) {
		return fmt.Errorf("public/images holds %d .jpg files, expected %d", n, len(train)+len(test))
	}

	sample := answers
	p := make([]float64, answers.Len())
	for i := range p {
		p[i] = 1.0 / 99
	}
	for _, c := range classes {
		if sample, err = sample.With(table.Floats(c, p)); err != nil {
			return err
		}
	}
	if err := table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{}); err != nil {
		return err
	}
	return table.WriteFile(filepath.Join(d.Public, "train.csv"), newTrain, table.WriteOptions{})
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	want := append([]string{"id"}, classes...)
	if !pandas.SameNameSet(ans.Names(), want) {
		return competition.Score{}, fmt.Errorf("answers must have exactly the columns id and the 99 classes")
	}
	if !pandas.SameNameSet(sub.Names(), want) {
		return competition.Score{}, competition.Invalid("Submission must have exactly the columns id and the 99 classes (got %d columns)", len(sub.Names()))
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	cols, err := submission.RowSumCheck(sub, classes, 1e-6)
	if err != nil {
		return competition.Score{}, err
	}
	for _, col := range cols {
		for _, p := range col {
			if !(p >= 0 && p <= 1) {
				return competition.Score{}, competition.Invalid("Submission probabilities must be between 0 and 1 (got %v)", p)
			}
		}
	}
	_, yTrue, yPred, err := submission.OneHotLogLossInputs(sub, ans, "id")
	if err != nil {
		return competition.Score{}, err
	}
	v, err := metric.LogLossIndicator(yTrue, yPred, metric.LogLossOptions{})
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(v), nil
}

// FakeRaw writes raw/train.csv.zip (train.csv: id, species from the 99
// classes, 192 features; 120 rows by default) and raw/images.zip
// (images/<id>.jpg for every id plus a few ids of the Kaggle test set).
// Features mix canonical text, text Python prints differently ("0.50",
// "0.000063265") and exponent forms ("6.3265e-05").
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, 120)
	r := synth.Rand(opt.Seed, "train")
	header := []string{"id", "species"}
	for _, kind := range []string{"margin", "shape", "texture"} {
		for i := 1; i <= 64; i++ {
			header = append(header, fmt.Sprintf("%s%d", kind, i))
		}
	}
	c := &synth.CSV{Header: header}
	perm := r.Perm(n + n/2)
	ids := make([]int, 0, n)
	for _, p := range perm[:n] {
		ids = append(ids, p+1)
	}
	odd := []string{"0.50", "0.000063265", "6.3265e-05", "0", "0.0"}
	for _, id := range ids {
		row := []string{fmt.Sprint(id), synth.Pick(r, classes)}
		for k := 0; k < 192; k++ {
			var v string
			switch {
			case r.IntN(300) == 0:
				v = synth.Pick(r, odd)
			case k >= 64 && k < 128: // shape: small values
				v = fmt.Sprintf("%.5g", r.Float64()*1e-3)
			default:
				v = fmt.Sprintf("%.5g", float64(r.IntN(128))/1024)
			}
			row = append(row, v)
		}
		c.Add(row...)
	}
	if err := synth.WriteZip(filepath.Join(dir, "train.csv.zip"), []synth.ZipEntry{{Name: "train.csv", Data: c.Bytes()}}); err != nil {
		return err
	}
	entries := []synth.ZipEntry{{Name: "images/"}}
	for _, p := range perm {
		img, err := synth.JPEG(synth.Gray(r, 8, 6))
		if err != nil {
			return err
		}
		entries = append(entries, synth.ZipEntry{Name: fmt.Sprintf("images/%d.jpg", p+1), Data: img})
	}
	return synth.WriteZip(filepath.Join(dir, "images.zip"), entries)
}
