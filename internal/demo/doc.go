// Package demo is mlebench's built-in demonstration: three small synthetic
// competitions that mlebench generates itself from a seed, so that the whole
// benchmark (prepare → run agents in a sandbox → grade → medals → report)
// runs on any machine in about a minute, without a Kaggle account. [Run] is
// `mlebench demo`.
//
// The competitions (ids in catalog order):
//
//   - demo-image-regression: 24×24 grayscale PNGs of a bright disc on a
//     noisy, unevenly lit background; target ten times the radius plus
//     label noise; RMSE (lower is better). 1,200 train, 600 test images.
//   - demo-tabular-binary: customer-renewal table (numeric, count and
//     categorical columns, a few missing values; the log-odds are mostly
//     linear, with one interaction and one curved effect); ROC AUC.
//     4,000 train, 2,000 test rows.
//   - demo-text-multiclass: short synthetic forum posts from four forums
//     whose words are drawn independently from overlapping class
//     vocabularies; multi-class log loss (rows divided by their sum,
//     clipped to [1e-15, 1-1e-15] and renormalised). 3,000 train, 1,500
//     test posts.
//
// Each is an ordinary competition.Impl: FakeRaw writes the synthetic
// "download" (plus oracle.csv, the Bayes-optimal prediction of every row,
// which real data would not have), Prepare splits it into public and
// private files (answers in private/answers.csv, the test part of the oracle
// in private/oracle.csv) and Grade follows the contract of the real
// graders: competition.Invalid naming the problem for a bad submission
// (missing or renamed columns, wrong row count, missing, duplicate or
// unknown ids, non-numeric, missing or infinite values, negative
// probabilities, rows summing to zero), a plain error for bad answers. The
// descriptions are ours. [Prepare] runs the same steps as a real prepare
// (raw → preparer into a temporary directory renamed into place →
// description.md) and reuses data already prepared for the same seed and
// GeneratorVersion.
//
// Medal thresholds come from a simulated human leaderboard per competition
// (DATA/<id>/leaderboard.csv, Kaggle's rank,score format; 333, 460 and 610
// teams, so the thresholds use the 250–999-team medal band). Each team
// perturbs the oracle with its own noise level (log-normal across teams;
// text teams are also mis-calibrated by a random temperature, image teams
// biased), 5% submit the sample submission unchanged, and every team is
// scored by the competition's real grader through grade.Call, so its score
// is rounded exactly as an agent's. grade.ThresholdsFromScores turns the
// leaderboard into thresholds, as for a real competition. The field is
// calibrated so that its best teams are close to Bayes-optimal (the
// oracle itself scores at gold level), its median is a mediocre model, and
// a simple, well-made model (the baseline agent: logistic regression,
// naive Bayes, ridge regression on image statistics) lands in the medal
// zone, bronze or silver, usually (it is seeded: each run's seed picks
// the 90% of the training rows it fits on, so seeds differ and the ± over
// seeds means something); the sample submission ranks in the bottom 15%.
// A medal therefore means beating that share of simulated teams; it says
// nothing about real Kaggle competitions.
//
// The demo runs with a snapshot interval ([DefaultSnapshotInterval]): the
// runner saves each changed submission.csv as
// <run dir>/snapshots/<elapsed whole seconds>.csv, and each agent's report
// grades those snapshots against the demo catalog into its any-medal rate
// over elapsed time. The baseline agent works in stages, each version kept
// a little over a second (agents/baseline/config.yaml), so its curve has
// real points: the prior (no medal), a simple model, the final model.
//
// Everything generated is deterministic for a seed: the same seed gives the
// same bytes (math/rand/v2 PCG streams per competition and purpose, Go's
// PNG encoder), frozen in testdata/manifest.txt.
package demo
