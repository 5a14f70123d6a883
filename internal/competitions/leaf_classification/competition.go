// Package leaf_classification is the leaf-classification competition (the original's
// mlebench/competitions/leaf-classification/): its prepare, grade and fake raw data.
//
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
package leaf_classification

import (
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "leaf-classification",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
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
