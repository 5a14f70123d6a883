package devbench

import (
	"fmt"
	"strconv"
	"strings"
)

// benchSize is one competition's row in the bench size table: what
// `dev fake-raw --rows` counts for it (read from its fakeraw.go), the real
// competition's count in that unit (the spec and the Kaggle data), and
// the fraction the bench uses when the real size would break the disk
// budget (≈ 6 GB raw + prepared per competition on a shared 53 GB disk)
// or the time budget (≈ 60 CPU-s for fake-raw + prepare + grade).
type benchSize struct {
	Unit string // what --rows counts for this competition
	Real int    // the real competition's count in Unit
	Div  int    // 1 = real size; k = 1/k of real
	Why  string // "disk" or "time" when Div > 1
	Note string // anything the reader must know about the size
}

// Rows is the fake-raw --rows the bench passes.
func (s benchSize) rows() int { return (s.Real + s.Div - 1) / s.Div }

func (s benchSize) unit() string { return s.Unit }

// describe is the table's "size used" cell.
func (s benchSize) describe() string {
	var d string
	if s.Div <= 1 {
		d = fmt.Sprintf("real: %s %s", thousands(s.Real), s.Unit)
	} else {
		d = fmt.Sprintf("1/%d of real: %s of %s %s, because %s", s.Div, thousands(s.rows()), thousands(s.Real), s.Unit, s.Why)
	}
	if s.Note != "" {
		d += "; " + s.Note
	}
	return d
}

func thousands(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// benchSizes covers every implemented competition (a test fails when one
// is missing).
var benchSizes = map[string]benchSize{
	"3d-object-detection-for-autonomous-vehicles": {Unit: "samples (train.csv rows, 3 per log)", Real: 22680, Div: 1, Why: "", Note: ""},
	"AI4Code":                                                  {Unit: "notebooks (one JSON file each)", Real: 139256, Div: 1, Why: "", Note: "the generator needs at least 20,001"},
	"aerial-cactus-identification":                             {Unit: "images (train.csv rows)", Real: 17500, Div: 1, Why: "", Note: ""},
	"alaska2-image-steganalysis":                               {Unit: "cover images (×4 folders of files)", Real: 75000, Div: 1, Why: "", Note: ""},
	"aptos2019-blindness-detection":                            {Unit: "images (train.csv rows)", Real: 3662, Div: 1, Why: "", Note: ""},
	"billion-word-imputation":                                  {Unit: "lines of train_v2.txt", Real: 30301028, Div: 1, Why: "", Note: "the original asserts the real line count; fake lines are shorter (~15 B vs ~135 B)"},
	"bms-molecular-translation":                                {Unit: "images (train_labels.csv rows)", Real: 2424186, Div: 1, Why: "", Note: ""},
	"cassava-leaf-disease-classification":                      {Unit: "images (train.csv rows)", Real: 21397, Div: 1, Why: "", Note: ""},
	"cdiscount-image-classification-challenge":                 {Unit: "products (train.bson documents)", Real: 7069896, Div: 1, Why: "", Note: ""},
	"chaii-hindi-and-tamil-question-answering":                 {Unit: "train.csv rows", Real: 1114, Div: 1, Why: "", Note: ""},
	"champs-scalar-coupling":                                   {Unit: "molecules (structure files; 2–6 couplings each vs ~55 real)", Real: 85003, Div: 1, Why: "", Note: ""},
	"denoising-dirty-documents":                                {Unit: "train images", Real: 144, Div: 1, Why: "", Note: ""},
	"detecting-insults-in-social-commentary":                   {Unit: "test_with_solutions.csv rows", Real: 2647, Div: 1, Why: "", Note: ""},
	"dog-breed-identification":                                 {Unit: "images (labels.csv rows)", Real: 10222, Div: 1, Why: "", Note: ""},
	"dogs-vs-cats-redux-kernels-edition":                       {Unit: "train images", Real: 25000, Div: 1, Why: "", Note: ""},
	"facebook-recruiting-iii-keyword-extraction":               {Unit: "Train.csv questions", Real: 6034195, Div: 1, Why: "", Note: ""},
	"freesound-audio-tagging-2019":                             {Unit: "private test clips", Real: 3361, Div: 1, Why: "", Note: "≈: the count of Private rows in test_post_competition.csv"},
	"google-quest-challenge":                                   {Unit: "train.csv rows", Real: 6079, Div: 1, Why: "", Note: ""},
	"google-research-identify-contrails-reduce-global-warming": {Unit: "train records (band files + masks each)", Real: 20529, Div: 1, Why: "", Note: ""},
	"h-and-m-personalized-fashion-recommendations":             {Unit: "transactions_train.csv rows", Real: 31788324, Div: 1, Why: "", Note: "customers and articles at the real counts, 734 days with ≈ 1% of the rows in the last 8"},
	"herbarium-2020-fgvc7":                                     {Unit: "images", Real: 1030747, Div: 1, Why: "", Note: ""},
	"herbarium-2021-fgvc8":                                     {Unit: "images", Real: 2257759, Div: 1, Why: "", Note: ""},
	"herbarium-2022-fgvc9":                                     {Unit: "images", Real: 839772, Div: 1, Why: "", Note: ""},
	"histopathologic-cancer-detection":                         {Unit: "images (train_labels.csv rows)", Real: 220025, Div: 1, Why: "", Note: ""},
	"hms-harmful-brain-activity-classification":                {Unit: "train.csv rows (one Parquet per EEG and spectrogram)", Real: 106800, Div: 1, Why: "", Note: ""},
	"hotel-id-2021-fgvc8":                                      {Unit: "images (train.csv rows)", Real: 97554, Div: 1, Why: "", Note: ""},
	"hubmap-kidney-segmentation":                               {Unit: "images (fixed: 15 listed)", Real: 15, Div: 1, Why: "", Note: "the generator's 15 images are tiny TIFFs (real ones are ~1–5 GB each)"},
	"icecube-neutrinos-in-deep-ice":                            {Unit: "events (train_meta rows, with pulses)", Real: 131953924, Div: 1, Why: "", Note: "in the real 660 batch files"},
	"imet-2020-fgvc7":                                          {Unit: "images (train.csv rows)", Real: 142119, Div: 1, Why: "", Note: ""},
	"inaturalist-2019-fgvc6":                                   {Unit: "train images (in a tar.gz)", Real: 265213, Div: 1, Why: "", Note: ""},
	"invasive-species-monitoring":                              {Unit: "images", Real: 2295, Div: 1, Why: "", Note: ""},
	"iwildcam-2019-fgvc6":                                      {Unit: "images (train.csv rows)", Real: 196157, Div: 1, Why: "", Note: ""},
	"iwildcam-2020-fgvc7":                                      {Unit: "images", Real: 217959, Div: 1, Why: "", Note: ""},
	"jigsaw-toxic-comment-classification-challenge":            {Unit: "train.csv rows", Real: 159571, Div: 1, Why: "", Note: ""},
	"jigsaw-unintended-bias-in-toxicity-classification":        {Unit: "test_private_expanded.csv rows", Real: 97320, Div: 1, Why: "", Note: ""},
	"kuzushiji-recognition":                                    {Unit: "pages (train.csv rows)", Real: 3881, Div: 1, Why: "", Note: ""},
	"leaf-classification":                                      {Unit: "train.csv rows", Real: 990, Div: 1, Why: "", Note: ""},
	"learning-agency-lab-automated-essay-scoring-2":            {Unit: "train.csv rows", Real: 17307, Div: 1, Why: "", Note: ""},
	"lmsys-chatbot-arena":                                      {Unit: "train.csv rows", Real: 57477, Div: 1, Why: "", Note: ""},
	"ml2021spring-hw2":                                         {Unit: "train frames (429 float32 each)", Real: 1229932, Div: 1, Why: "", Note: ""},
	"mlsp-2013-birds":                                          {Unit: "fold-0 recordings", Real: 322, Div: 1, Why: "", Note: "the original needs 318–322"},
	"movie-review-sentiment-analysis-kernels-only":             {Unit: "train.tsv rows", Real: 156060, Div: 1, Why: "", Note: ""},
	"multi-modal-gesture-recognition":                          {Unit: "training samples", Real: 393, Div: 1, Why: "", Note: "≈: the training1–4 archives' sample count"},
	"new-york-city-taxi-fare-prediction":                       {Unit: "train.csv rows", Real: 55423856, Div: 1, Why: "", Note: ""},
	"nfl-player-contact-detection":                             {Unit: "train_labels.csv rows", Real: 4721618, Div: 1, Why: "", Note: ""},
	"nomad2018-predict-transparent-conductors":                 {Unit: "train.csv rows", Real: 2400, Div: 1, Why: "", Note: ""},
	"osic-pulmonary-fibrosis-progression":                      {Unit: "train.csv rows", Real: 1549, Div: 1, Why: "", Note: ""},
	"paddy-disease-classification":                             {Unit: "images (train.csv rows)", Real: 10407, Div: 1, Why: "", Note: ""},
	"petfinder-pawpularity-score":                              {Unit: "images (train.csv rows)", Real: 9912, Div: 1, Why: "", Note: ""},
	"plant-pathology-2020-fgvc7":                               {Unit: "images (train.csv rows)", Real: 1821, Div: 1, Why: "", Note: ""},
	"plant-pathology-2021-fgvc8":                               {Unit: "images (train.csv rows)", Real: 18632, Div: 1, Why: "", Note: ""},
	"plant-seedlings-classification":                           {Unit: "images", Real: 4750, Div: 1, Why: "", Note: ""},
	"playground-series-s3e18":                                  {Unit: "train.csv rows", Real: 14838, Div: 1, Why: "", Note: ""},
	"predict-volcanic-eruptions-ingv-oe":                       {Unit: "segments (one sensor CSV each; a few lines, not 60,001)", Real: 4431, Div: 1, Why: "", Note: ""},
	"random-acts-of-pizza":                                     {Unit: "train.json objects", Real: 4040, Div: 1, Why: "", Note: ""},
	"ranzcr-clip-catheter-line-classification":                 {Unit: "images (train.csv rows)", Real: 30083, Div: 1, Why: "", Note: ""},
	"rsna-2022-cervical-spine-fracture-detection":              {Unit: "studies (1–2 slices each, not ~350)", Real: 2019, Div: 1, Why: "", Note: ""},
	"rsna-breast-cancer-detection":                             {Unit: "patients (4–6 images each)", Real: 11913, Div: 1, Why: "", Note: ""},
	"rsna-miccai-brain-tumor-radiogenomic-classification":      {Unit: "cases (1–2 slices per series)", Real: 585, Div: 1, Why: "", Note: ""},
	"seti-breakthrough-listen":                                 {Unit: "cadences (one .npy each)", Real: 60000, Div: 1, Why: "", Note: ""},
	"siim-covid19-detection":                                   {Unit: "studies", Real: 6054, Div: 1, Why: "", Note: ""},
	"siim-isic-melanoma-classification":                        {Unit: "images (train.csv rows)", Real: 33126, Div: 1, Why: "", Note: ""},
	"smartphone-decimeter-2022":                                {Unit: "epochs per phone (14 drives, fixed by the generator; the real train set has 62)", Real: 1500, Div: 1, Why: "", Note: "≈ real epochs per phone"},
	"spaceship-titanic":                                        {Unit: "train.csv rows", Real: 8693, Div: 1, Why: "", Note: ""},
	"spooky-author-identification":                             {Unit: "train.csv rows", Real: 19579, Div: 1, Why: "", Note: ""},
	"stanford-covid-vaccine":                                   {Unit: "train.json rows", Real: 2400, Div: 1, Why: "", Note: ""},
	"statoil-iceberg-classifier-challenge":                     {Unit: "train.json rows", Real: 1604, Div: 1, Why: "", Note: ""},
	"tabular-playground-series-dec-2021":                       {Unit: "train.csv rows", Real: 4000000, Div: 1, Why: "", Note: ""},
	"tabular-playground-series-may-2022":                       {Unit: "train.csv rows", Real: 900000, Div: 1, Why: "", Note: ""},
	"tensorflow-speech-recognition-challenge":                  {Unit: "train clips", Real: 64727, Div: 1, Why: "", Note: ""},
	"tensorflow2-question-answering":                           {Unit: "simplified-nq-train.jsonl lines", Real: 307373, Div: 1, Why: "", Note: ""},
	"text-normalization-challenge-english-language":            {Unit: "sentences (9,918,441 tokens real)", Real: 748066, Div: 1, Why: "", Note: ""},
	"text-normalization-challenge-russian-language":            {Unit: "sentences (10,574,516 tokens real)", Real: 761435, Div: 1, Why: "", Note: ""},
	"tgs-salt-identification-challenge":                        {Unit: "images (train.csv rows)", Real: 4000, Div: 1, Why: "", Note: ""},
	"the-icml-2013-whale-challenge-right-whale-redux":          {Unit: "train clips", Real: 30000, Div: 1, Why: "", Note: ""},
	"tweet-sentiment-extraction":                               {Unit: "train.csv rows", Real: 27481, Div: 1, Why: "", Note: ""},
	"us-patent-phrase-to-phrase-matching":                      {Unit: "train.csv rows", Real: 36473, Div: 1, Why: "", Note: ""},
	"uw-madison-gi-tract-image-segmentation":                   {Unit: "rows/45 = cases (85 real cases, 15 slices each instead of ~144)", Real: 3825, Div: 1, Why: "", Note: "real case count"},
	"ventilator-pressure-prediction":                           {Unit: "train.csv rows", Real: 6036000, Div: 1, Why: "", Note: ""},
	"vesuvius-challenge-ink-detection":                         {Unit: "fragment image width in pixels (3 fragments × 65 slices)", Real: 6400, Div: 1, Why: "", Note: ""},
	"vinbigdata-chest-xray-abnormalities-detection":            {Unit: "images (fixed: 15,000; tiny DICOMs)", Real: 15000, Div: 1, Why: "", Note: "the original asserts 15,000"},
	"whale-categorization-playground":                          {Unit: "images (train.csv rows)", Real: 9850, Div: 1, Why: "", Note: ""},
}
