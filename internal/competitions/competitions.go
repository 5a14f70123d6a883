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
	"github.com/mlebench/mlebench/internal/competitions/hubmap_kidney_segmentation"
	"github.com/mlebench/mlebench/internal/competitions/kuzushiji_recognition"
	"github.com/mlebench/mlebench/internal/competitions/spaceship_titanic"
	"github.com/mlebench/mlebench/internal/competitions/tgs_salt_identification_challenge"
	"github.com/mlebench/mlebench/internal/competitions/uw_madison_gi_tract_image_segmentation"
)

// list holds the competitions implemented in their own packages.
var list = []*competition.Impl{
	hubmap_kidney_segmentation.Competition,
	kuzushiji_recognition.Competition,
	spaceship_titanic.Competition,
	tgs_salt_identification_challenge.Competition,
	uw_madison_gi_tract_image_segmentation.Competition,
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
