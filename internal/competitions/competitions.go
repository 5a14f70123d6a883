// Package competitions is the list of implemented competitions. Each
// competition is a package of its own (internal/competitions/<stem>, as the
// original has mlebench/competitions/<id>/) exporting its
// [competition.Impl] as Competition; [All] returns them sorted by id and
// main joins them with the facts into a competition.Catalog.
//
// Adding a competition adds one import and one entry to the list below.
package competitions

import (
	"slices"
	"sort"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/aerial_cactus_identification"
	"github.com/mlebench/mlebench/internal/competitions/ai4code"
	"github.com/mlebench/mlebench/internal/competitions/alaska2_image_steganalysis"
	"github.com/mlebench/mlebench/internal/competitions/aptos2019_blindness_detection"
	"github.com/mlebench/mlebench/internal/competitions/billion_word_imputation"
	"github.com/mlebench/mlebench/internal/competitions/bms_molecular_translation"
	"github.com/mlebench/mlebench/internal/competitions/cassava_leaf_disease_classification"
	"github.com/mlebench/mlebench/internal/competitions/cdiscount_image_classification_challenge"
	"github.com/mlebench/mlebench/internal/competitions/chaii_hindi_and_tamil_question_answering"
	"github.com/mlebench/mlebench/internal/competitions/champs_scalar_coupling"
	"github.com/mlebench/mlebench/internal/competitions/denoising_dirty_documents"
	"github.com/mlebench/mlebench/internal/competitions/detecting_insults_in_social_commentary"
	"github.com/mlebench/mlebench/internal/competitions/dog_breed_identification"
	"github.com/mlebench/mlebench/internal/competitions/dogs_vs_cats_redux_kernels_edition"
	"github.com/mlebench/mlebench/internal/competitions/facebook_recruiting_iii_keyword_extraction"
	"github.com/mlebench/mlebench/internal/competitions/freesound_audio_tagging_2019"
	"github.com/mlebench/mlebench/internal/competitions/google_quest_challenge"
	"github.com/mlebench/mlebench/internal/competitions/google_research_identify_contrails_reduce_global_warming"
	"github.com/mlebench/mlebench/internal/competitions/h_and_m_personalized_fashion_recommendations"
	"github.com/mlebench/mlebench/internal/competitions/herbarium_2020_fgvc7"
	"github.com/mlebench/mlebench/internal/competitions/herbarium_2021_fgvc8"
	"github.com/mlebench/mlebench/internal/competitions/herbarium_2022_fgvc9"
	"github.com/mlebench/mlebench/internal/competitions/histopathologic_cancer_detection"
	"github.com/mlebench/mlebench/internal/competitions/hms_harmful_brain_activity_classification"
	"github.com/mlebench/mlebench/internal/competitions/hotel_id_2021_fgvc8"
	"github.com/mlebench/mlebench/internal/competitions/hubmap_kidney_segmentation"
	"github.com/mlebench/mlebench/internal/competitions/icecube_neutrinos_in_deep_ice"
	"github.com/mlebench/mlebench/internal/competitions/imet_2020_fgvc7"
	"github.com/mlebench/mlebench/internal/competitions/inaturalist_2019_fgvc6"
	"github.com/mlebench/mlebench/internal/competitions/invasive_species_monitoring"
	"github.com/mlebench/mlebench/internal/competitions/iwildcam_2019_fgvc6"
	"github.com/mlebench/mlebench/internal/competitions/iwildcam_2020_fgvc7"
	"github.com/mlebench/mlebench/internal/competitions/jigsaw_toxic_comment_classification_challenge"
	"github.com/mlebench/mlebench/internal/competitions/jigsaw_unintended_bias_in_toxicity_classification"
	"github.com/mlebench/mlebench/internal/competitions/kuzushiji_recognition"
	"github.com/mlebench/mlebench/internal/competitions/leaf_classification"
	"github.com/mlebench/mlebench/internal/competitions/learning_agency_lab_automated_essay_scoring_2"
	"github.com/mlebench/mlebench/internal/competitions/lmsys_chatbot_arena"
	"github.com/mlebench/mlebench/internal/competitions/ml2021spring_hw2"
	"github.com/mlebench/mlebench/internal/competitions/mlsp_2013_birds"
	"github.com/mlebench/mlebench/internal/competitions/movie_review_sentiment_analysis_kernels_only"
	"github.com/mlebench/mlebench/internal/competitions/multi_modal_gesture_recognition"
	"github.com/mlebench/mlebench/internal/competitions/new_york_city_taxi_fare_prediction"
	"github.com/mlebench/mlebench/internal/competitions/nfl_player_contact_detection"
	"github.com/mlebench/mlebench/internal/competitions/nomad2018_predict_transparent_conductors"
	"github.com/mlebench/mlebench/internal/competitions/osic_pulmonary_fibrosis_progression"
	"github.com/mlebench/mlebench/internal/competitions/paddy_disease_classification"
	"github.com/mlebench/mlebench/internal/competitions/petfinder_pawpularity_score"
	"github.com/mlebench/mlebench/internal/competitions/plant_pathology_2020_fgvc7"
	"github.com/mlebench/mlebench/internal/competitions/plant_pathology_2021_fgvc8"
	"github.com/mlebench/mlebench/internal/competitions/plant_seedlings_classification"
	"github.com/mlebench/mlebench/internal/competitions/playground_series_s3e18"
	"github.com/mlebench/mlebench/internal/competitions/predict_volcanic_eruptions_ingv_oe"
	"github.com/mlebench/mlebench/internal/competitions/random_acts_of_pizza"
	"github.com/mlebench/mlebench/internal/competitions/ranzcr_clip_catheter_line_classification"
	"github.com/mlebench/mlebench/internal/competitions/rsna_2022_cervical_spine_fracture_detection"
	"github.com/mlebench/mlebench/internal/competitions/rsna_breast_cancer_detection"
	"github.com/mlebench/mlebench/internal/competitions/rsna_miccai_brain_tumor_radiogenomic_classification"
	"github.com/mlebench/mlebench/internal/competitions/seti_breakthrough_listen"
	"github.com/mlebench/mlebench/internal/competitions/siim_covid19_detection"
	"github.com/mlebench/mlebench/internal/competitions/siim_isic_melanoma_classification"
	"github.com/mlebench/mlebench/internal/competitions/smartphone_decimeter_2022"
	"github.com/mlebench/mlebench/internal/competitions/spaceship_titanic"
	"github.com/mlebench/mlebench/internal/competitions/spooky_author_identification"
	"github.com/mlebench/mlebench/internal/competitions/stanford_covid_vaccine"
	"github.com/mlebench/mlebench/internal/competitions/statoil_iceberg_classifier_challenge"
	"github.com/mlebench/mlebench/internal/competitions/tabular_playground_series_dec_2021"
	"github.com/mlebench/mlebench/internal/competitions/tabular_playground_series_may_2022"
	"github.com/mlebench/mlebench/internal/competitions/tensorflow2_question_answering"
	"github.com/mlebench/mlebench/internal/competitions/tensorflow_speech_recognition_challenge"
	"github.com/mlebench/mlebench/internal/competitions/text_normalization_challenge_english_language"
	"github.com/mlebench/mlebench/internal/competitions/text_normalization_challenge_russian_language"
	"github.com/mlebench/mlebench/internal/competitions/tgs_salt_identification_challenge"
	"github.com/mlebench/mlebench/internal/competitions/the_icml_2013_whale_challenge_right_whale_redux"
	"github.com/mlebench/mlebench/internal/competitions/three_d_object_detection_for_autonomous_vehicles"
	"github.com/mlebench/mlebench/internal/competitions/tweet_sentiment_extraction"
	"github.com/mlebench/mlebench/internal/competitions/us_patent_phrase_to_phrase_matching"
	"github.com/mlebench/mlebench/internal/competitions/uw_madison_gi_tract_image_segmentation"
	"github.com/mlebench/mlebench/internal/competitions/ventilator_pressure_prediction"
	"github.com/mlebench/mlebench/internal/competitions/vesuvius_challenge_ink_detection"
	"github.com/mlebench/mlebench/internal/competitions/vinbigdata_chest_xray_abnormalities_detection"
	"github.com/mlebench/mlebench/internal/competitions/whale_categorization_playground"
)

// list holds every implemented competition, sorted by id.
var list = []*competition.Impl{
	three_d_object_detection_for_autonomous_vehicles.Competition,
	aerial_cactus_identification.Competition,
	ai4code.Competition,
	alaska2_image_steganalysis.Competition,
	aptos2019_blindness_detection.Competition,
	billion_word_imputation.Competition,
	bms_molecular_translation.Competition,
	cassava_leaf_disease_classification.Competition,
	cdiscount_image_classification_challenge.Competition,
	chaii_hindi_and_tamil_question_answering.Competition,
	champs_scalar_coupling.Competition,
	denoising_dirty_documents.Competition,
	detecting_insults_in_social_commentary.Competition,
	dog_breed_identification.Competition,
	dogs_vs_cats_redux_kernels_edition.Competition,
	facebook_recruiting_iii_keyword_extraction.Competition,
	freesound_audio_tagging_2019.Competition,
	google_quest_challenge.Competition,
	google_research_identify_contrails_reduce_global_warming.Competition,
	h_and_m_personalized_fashion_recommendations.Competition,
	herbarium_2020_fgvc7.Competition,
	herbarium_2021_fgvc8.Competition,
	herbarium_2022_fgvc9.Competition,
	histopathologic_cancer_detection.Competition,
	hms_harmful_brain_activity_classification.Competition,
	hotel_id_2021_fgvc8.Competition,
	hubmap_kidney_segmentation.Competition,
	icecube_neutrinos_in_deep_ice.Competition,
	imet_2020_fgvc7.Competition,
	inaturalist_2019_fgvc6.Competition,
	invasive_species_monitoring.Competition,
	iwildcam_2019_fgvc6.Competition,
	iwildcam_2020_fgvc7.Competition,
	jigsaw_toxic_comment_classification_challenge.Competition,
	jigsaw_unintended_bias_in_toxicity_classification.Competition,
	kuzushiji_recognition.Competition,
	leaf_classification.Competition,
	learning_agency_lab_automated_essay_scoring_2.Competition,
	lmsys_chatbot_arena.Competition,
	ml2021spring_hw2.Competition,
	mlsp_2013_birds.Competition,
	movie_review_sentiment_analysis_kernels_only.Competition,
	multi_modal_gesture_recognition.Competition,
	new_york_city_taxi_fare_prediction.Competition,
	nfl_player_contact_detection.Competition,
	nomad2018_predict_transparent_conductors.Competition,
	osic_pulmonary_fibrosis_progression.Competition,
	paddy_disease_classification.Competition,
	petfinder_pawpularity_score.Competition,
	plant_pathology_2020_fgvc7.Competition,
	plant_pathology_2021_fgvc8.Competition,
	plant_seedlings_classification.Competition,
	playground_series_s3e18.Competition,
	predict_volcanic_eruptions_ingv_oe.Competition,
	random_acts_of_pizza.Competition,
	ranzcr_clip_catheter_line_classification.Competition,
	rsna_2022_cervical_spine_fracture_detection.Competition,
	rsna_breast_cancer_detection.Competition,
	rsna_miccai_brain_tumor_radiogenomic_classification.Competition,
	seti_breakthrough_listen.Competition,
	siim_covid19_detection.Competition,
	siim_isic_melanoma_classification.Competition,
	smartphone_decimeter_2022.Competition,
	spaceship_titanic.Competition,
	spooky_author_identification.Competition,
	stanford_covid_vaccine.Competition,
	statoil_iceberg_classifier_challenge.Competition,
	tabular_playground_series_dec_2021.Competition,
	tabular_playground_series_may_2022.Competition,
	tensorflow2_question_answering.Competition,
	tensorflow_speech_recognition_challenge.Competition,
	text_normalization_challenge_english_language.Competition,
	text_normalization_challenge_russian_language.Competition,
	tgs_salt_identification_challenge.Competition,
	the_icml_2013_whale_challenge_right_whale_redux.Competition,
	tweet_sentiment_extraction.Competition,
	us_patent_phrase_to_phrase_matching.Competition,
	uw_madison_gi_tract_image_segmentation.Competition,
	ventilator_pressure_prediction.Competition,
	vesuvius_challenge_ink_detection.Competition,
	vinbigdata_chest_xray_abnormalities_detection.Competition,
	whale_categorization_playground.Competition,
}

// All returns every implementation, sorted by id (a new slice each call).
func All() []*competition.Impl {
	out := slices.Clone(list)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
