// Package competitions is the list of implemented competitions. Each
// competition is a package of its own (internal/competitions/<stem>, as the
// original has mlebench/competitions/<id>/) exporting its
// [competition.Impl] as Competition; [All] returns them sorted by id and
// main joins them with the facts into a competition.Catalog.
//
// Adding a competition adds one import and one entry to the list below.
package competitions

import (
	"sort"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/alaska2_image_steganalysis"
	"github.com/mlebench/mlebench/internal/competitions/herbarium_2021_fgvc8"
	"github.com/mlebench/mlebench/internal/competitions/herbarium_2022_fgvc9"
	"github.com/mlebench/mlebench/internal/competitions/inaturalist_2019_fgvc6"
	"github.com/mlebench/mlebench/internal/competitions/rsna_2022_cervical_spine_fracture_detection"
	"github.com/mlebench/mlebench/internal/competitions/rsna_breast_cancer_detection"
	"github.com/mlebench/mlebench/internal/competitions/rsna_miccai_brain_tumor_radiogenomic_classification"
	"github.com/mlebench/mlebench/internal/competitions/siim_covid19_detection"
	"github.com/mlebench/mlebench/internal/competitions/spaceship_titanic"
	"github.com/mlebench/mlebench/internal/competitions/vinbigdata_chest_xray_abnormalities_detection"
)

// list holds the competitions implemented in their own packages.
var list = []*competition.Impl{
	alaska2_image_steganalysis.Competition,
	herbarium_2021_fgvc8.Competition,
	herbarium_2022_fgvc9.Competition,
	inaturalist_2019_fgvc6.Competition,
	rsna_2022_cervical_spine_fracture_detection.Competition,
	rsna_breast_cancer_detection.Competition,
	rsna_miccai_brain_tumor_radiogenomic_classification.Competition,
	siim_covid19_detection.Competition,
	spaceship_titanic.Competition,
	vinbigdata_chest_xray_abnormalities_detection.Competition,
}

// All returns every implementation, sorted by id.
func All() []*competition.Impl {
	mu.Lock()
	defer mu.Unlock()
	out := make([]*competition.Impl, 0, len(impls)+len(list))
	for _, im := range impls {
		out = append(out, im)
	}
	out = append(out, list...)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
