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
	"github.com/mlebench/mlebench/internal/competitions/freesound_audio_tagging_2019"
	"github.com/mlebench/mlebench/internal/competitions/h_and_m_personalized_fashion_recommendations"
	"github.com/mlebench/mlebench/internal/competitions/spaceship_titanic"
	"github.com/mlebench/mlebench/internal/competitions/tensorflow2_question_answering"
	"github.com/mlebench/mlebench/internal/competitions/tensorflow_speech_recognition_challenge"
)

// list holds the competitions implemented in their own packages.
var list = []*competition.Impl{
	freesound_audio_tagging_2019.Competition,
	h_and_m_personalized_fashion_recommendations.Competition,
	spaceship_titanic.Competition,
	tensorflow2_question_answering.Competition,
	tensorflow_speech_recognition_challenge.Competition,
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
