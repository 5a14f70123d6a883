// Package baseline is the demo's baseline agent: a small, honest machine
// learning program that reads a competition's public data, trains simple
// real models on features it computes itself, writes submissions and checks
// them with the validation server. It never reads anything but the public
// data directory (it could not read the answers anyway: the sandbox hides
// them).
//
// It works in three stages, as an agent with a time budget would, each
// replacing submission.csv with a better version:
//
//  1. quick: the prior (the training mean of the target, or the class
//     frequencies) for every test row, so that a valid submission exists
//     from the first moment;
//  2. simple: a first real model on the obvious features;
//  3. final: the full model described below.
//
// Each version is written atomically (a temporary file renamed over
// submission.csv, where the file system allows), validated, and kept in
// place for at least [Env.StagePause] before the next stage replaces it or
// the agent exits, so that a harness that snapshots the submission every
// second (mlebench demo) sees every version.
//
// It recognises three kinds of task from the files, not from the
// competition id:
//
//   - images: a train/ directory of PNG files and one numeric target →
//     intensity-statistics features (quantiles, counts of bright pixels
//     above the background, their square roots) and ridge regression
//     (stage 2: the quantiles alone);
//   - text: a train.csv column of free text and one probability column per
//     class in the sample submission → multinomial naive Bayes over lower-
//     cased words (stage 2: as fitted; final: its confidence calibrated by a
//     temperature chosen on a held-out fifth of train);
//   - tables: anything else → numeric columns (missing values imputed with
//     the mean plus an indicator), one-hot categorical columns, squares of
//     the numeric columns; logistic regression for a 0/1 target, ridge
//     regression otherwise (stage 2: the numeric columns alone, linear).
//
// It is run as a program (cmd/baseline-agent) in the sandbox like any
// agent; see [EnvFromOS].
package baseline

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Env is where the agent finds its inputs and puts its outputs.
type Env struct {
	DataDir       string // the competition's public files
	SubmissionDir string // submission.csv goes here
	CodeDir       string // a description of the fitted model goes here
	ValidateURL   string // the validation server's /validate endpoint ("" skips validation)
	Log           io.Writer
	Client        *http.Client // nil: a client with a 60 s timeout
	// StagePause is how long each version of submission.csv stays in
	// place, at least, before the next stage replaces it or the agent
	// exits (0: no pause).
	StagePause time.Duration
	// OnStage, when set, is called after each version of submission.csv
	// is written and validated, with a copy of its bytes.
	OnStage func(Stage)
	// Seeded makes the run depend on Seed: the models are fitted on a
	// random SeedFraction of the training rows drawn with Seed, so
	// different seeds give different (reproducible) submissions, as
	// repeated runs of a real agent do. Unseeded runs use every row.
	Seeded bool
	Seed   uint64
}

// SeedFraction is the share of the training rows a seeded run fits on.
const SeedFraction = 0.9

// SeedVar is the environment variable [EnvFromOS] reads [Env.Seed] from;
// agents/baseline/config.yaml names it as the agent's seed_env, so the
// runner sets it to each run's seed.
const SeedVar = "BASELINE_SEED"

// Stage describes one version of the submission.
type Stage struct {
	Index, Of  int    // 1-based position among the stages
	Name       string // "quick", "simple" or "final"
	Model      string // first line of the model's description
	Submission []byte
}

// StagePauseVar is the environment variable [EnvFromOS] reads
// [Env.StagePause] from (a Go duration such as "1.25s").
const StagePauseVar = "BASELINE_STAGE_PAUSE"

// EnvFromOS reads the sandbox environment: MLEBENCH_HOME (default /home)
// holds data/; SUBMISSION_DIR and CODE_DIR default to <home>/submission and
// <home>/code; MLEBENCH_VALIDATE_URL defaults to
// http://localhost:5000/validate; BASELINE_STAGE_PAUSE (default none) is
// the pause between stages; BASELINE_SEED (default none: unseeded), a
// non-negative integer, is the run's seed. A malformed pause or seed is an
// error.
func EnvFromOS(log io.Writer) (Env, error) {
	get := func(k, def string) string {
		if v := os.Getenv(k); v != "" {
			return v
		}
		return def
	}
	home := get("MLEBENCH_HOME", "/home")
	env := Env{
		DataDir:       get("MLEBENCH_DATA_DIR", filepath.Join(home, "data")),
		SubmissionDir: get("SUBMISSION_DIR", filepath.Join(home, "submission")),
		CodeDir:       get("CODE_DIR", filepath.Join(home, "code")),
		ValidateURL:   get("MLEBENCH_VALIDATE_URL", "http://localhost:5000/validate"),
		Log:           log,
	}
	if v := os.Getenv(StagePauseVar); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return Env{}, fmt.Errorf("baseline: %s=%q is not a duration such as 1.5s", StagePauseVar, v)
		}
		env.StagePause = d
	}
	if v := os.Getenv(SeedVar); v != "" {
		seed, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return Env{}, fmt.Errorf("baseline: %s=%q is not a non-negative integer", SeedVar, v)
		}
		env.Seeded, env.Seed = true, seed
	}
	return env, nil
}

// subsample keeps a random SeedFraction of rows (at least one), drawn
// without replacement with seed, in their original order.
func subsample(rows [][]string, seed uint64) [][]string {
	n := len(rows)
	k := max(1, int(math.Round(SeedFraction*float64(n))))
	if n == 0 || k >= n {
		return rows
	}
	r := rand.New(rand.NewPCG(seed, 0x62617365)) // "base"
	keep := r.Perm(n)[:k]
	sort.Ints(keep)
	out := make([][]string, k)
	for i, j := range keep {
		out[i] = rows[j]
	}
	return out
}

func (e Env) logf(format string, args ...any) {
	if e.Log != nil {
		fmt.Fprintf(e.Log, format+"\n", args...)
	}
}

// pause waits StagePause, or until ctx is done.
func (e Env) pause(ctx context.Context) error {
	if e.StagePause <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(e.StagePause)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// task is what the agent learned about the competition from its files.
type task struct {
	idCol   string
	targets []string // submission columns after the id
	testIDs []string
	train   *frame // nil for image tasks
	test    *frame
}

// model is a fitted predictor: it returns one row of target values per
// test id, and a short description for the code directory.
type model interface {
	predict(t *task) ([][]float64, error)
	describe() string
}

// stage is one step of the agent's work: a model to fit, better than the
// previous stage's.
type stage struct {
	name string
	fit  func(ctx context.Context) (model, error)
}

// Run works through the stages on env.DataDir, writing
// env.SubmissionDir/submission.csv after each and validating it. An invalid
// verdict from the server is an error.
func Run(ctx context.Context, env Env) error {
	start := time.Now()
	t, err := loadTask(env.DataDir)
	if err != nil {
		return err
	}
	if env.Seeded && t.train != nil {
		all := len(t.train.rows)
		t.train.rows = subsample(t.train.rows, env.Seed)
		env.logf("seed %d: fitting on %d of the %d training rows, drawn with the seed", env.Seed, len(t.train.rows), all)
	}
	var stages []stage
	switch {
	case isDir(filepath.Join(env.DataDir, "train")) && isDir(filepath.Join(env.DataDir, "test")) && len(t.targets) == 1:
		env.logf("task: image regression on %s (%d test images)", t.targets[0], len(t.testIDs))
		stages, err = imageStages(env.DataDir, t)
	case t.train != nil && textColumn(t.train) != "" && len(t.targets) > 1:
		env.logf("task: text classification into %d classes (%d test rows)", len(t.targets), len(t.testIDs))
		stages, err = textStages(t, env.logf)
	case t.train != nil && len(t.targets) == 1:
		env.logf("task: tabular prediction of %s (%d test rows)", t.targets[0], len(t.testIDs))
		stages, err = tabularStages(t)
	default:
		return errors.New("baseline: cannot tell what kind of task this is from the files in " + env.DataDir)
	}
	if err != nil {
		return fmt.Errorf("baseline: %w", err)
	}
	path := filepath.Join(env.SubmissionDir, "submission.csv")
	for i, s := range stages {
		if i > 0 {
			// Keep the previous version in place for a while.
			if err := env.pause(ctx); err != nil {
				return fmt.Errorf("baseline: interrupted before stage %d (%s): %w", i+1, s.name, err)
			}
		}
		if err := runStage(ctx, env, t, s, i, len(stages), path, start); err != nil {
			return err
		}
	}
	// Keep the final version in place too before exiting; an interruption
	// now loses nothing.
	env.pause(ctx)
	return nil
}

func runStage(ctx context.Context, env Env, t *task, s stage, i, n int, path string, start time.Time) error {
	m, err := s.fit(ctx)
	if err != nil {
		return fmt.Errorf("baseline: training (stage %d, %s): %w", i+1, s.name, err)
	}
	pred, err := m.predict(t)
	if err != nil {
		return fmt.Errorf("baseline: predicting (stage %d, %s): %w", i+1, s.name, err)
	}
	data, err := encodeSubmission(t, pred)
	if err != nil {
		return err
	}
	if err := writeAtomic(path, data, env.CodeDir); err != nil {
		return fmt.Errorf("baseline: writing the submission: %w", err)
	}
	env.logf("stage %d/%d (%s): %s", i+1, n, s.name, firstLine(m.describe()))
	env.logf("wrote %s (%d rows) at %.1fs", path, len(pred), time.Since(start).Seconds())
	if env.CodeDir != "" {
		if err := os.MkdirAll(env.CodeDir, 0o755); err == nil {
			os.WriteFile(filepath.Join(env.CodeDir, "model.txt"), []byte(m.describe()), 0o644)
		}
	}
	if env.ValidateURL != "" {
		verdict, err := validate(ctx, env, data)
		if err != nil {
			return fmt.Errorf("baseline: validating the submission: %w", err)
		}
		env.logf("validation server: %s", verdict)
		if verdict != "Submission is valid." {
			return fmt.Errorf("baseline: the validation server rejected the submission: %s", verdict)
		}
	}
	if env.OnStage != nil {
		env.OnStage(Stage{Index: i + 1, Of: n, Name: s.name, Model: firstLine(m.describe()), Submission: data})
	}
	return nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func loadTask(dataDir string) (*task, error) {
	sample, err := readFrame(filepath.Join(dataDir, "sample_submission.csv"))
	if err != nil {
		return nil, fmt.Errorf("baseline: %w", err)
	}
	if len(sample.header) < 2 {
		return nil, errors.New("baseline: the sample submission needs an id column and at least one target column")
	}
	t := &task{idCol: sample.header[0], targets: sample.header[1:], testIDs: sample.column(0)}
	if p := filepath.Join(dataDir, "train.csv"); fileExists(p) {
		if t.train, err = readFrame(p); err != nil {
			return nil, fmt.Errorf("baseline: %w", err)
		}
	}
	if p := filepath.Join(dataDir, "test.csv"); fileExists(p) {
		if t.test, err = readFrame(p); err != nil {
			return nil, fmt.Errorf("baseline: %w", err)
		}
	}
	return t, nil
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// frame is a CSV file held as text.
type frame struct {
	header []string
	rows   [][]string
}

func readFrame(path string) (*frame, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("reading %s: empty file", path)
	}
	return &frame{header: recs[0], rows: recs[1:]}, nil
}

func (f *frame) index(name string) int {
	for i, h := range f.header {
		if h == name {
			return i
		}
	}
	return -1
}

func (f *frame) column(j int) []string {
	out := make([]string, len(f.rows))
	for i, r := range f.rows {
		if j < len(r) {
			out[i] = r[j]
		}
	}
	return out
}

// rowsByID returns the rows of f in the order of ids.
func (f *frame) rowsByID(idCol string, ids []string) ([][]string, error) {
	j := f.index(idCol)
	if j < 0 {
		return nil, fmt.Errorf("no %q column", idCol)
	}
	pos := make(map[string]int, len(f.rows))
	for i, r := range f.rows {
		pos[r[j]] = i
	}
	out := make([][]string, len(ids))
	for k, id := range ids {
		i, ok := pos[id]
		if !ok {
			return nil, fmt.Errorf("id %q of the sample submission is not in test.csv", id)
		}
		out[k] = f.rows[i]
	}
	return out, nil
}

func encodeSubmission(t *task, pred [][]float64) ([]byte, error) {
	if len(pred) != len(t.testIDs) {
		return nil, fmt.Errorf("baseline: %d predictions for %d test rows", len(pred), len(t.testIDs))
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write(append([]string{t.idCol}, t.targets...))
	for i, id := range t.testIDs {
		rec := []string{id}
		for _, v := range pred[i] {
			rec = append(rec, strconv.FormatFloat(v, 'g', 8, 64))
		}
		w.Write(rec)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writeAtomic replaces path with data so that a reader never sees a partly
// written file: the data goes to a temporary file in tmpDir (not in path's
// directory, which a harness may be copying) that is renamed over path.
// Where that cannot work (no tmpDir, or another file system) it writes path
// in place.
func writeAtomic(path string, data []byte, tmpDir string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if tmpDir != "" && os.MkdirAll(tmpDir, 0o755) == nil {
		if f, err := os.CreateTemp(tmpDir, ".submission-*.csv"); err == nil {
			_, werr := f.Write(data)
			cerr := f.Close()
			if werr == nil && cerr == nil && os.Chmod(f.Name(), 0o644) == nil && os.Rename(f.Name(), path) == nil {
				return nil
			}
			os.Remove(f.Name())
		}
	}
	return os.WriteFile(path, data, 0o644)
}

// validate posts the submission to the validation server and returns its
// "result" text.
func validate(ctx context.Context, env Env, data []byte) (string, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("file", "submission.csv")
	if err != nil {
		return "", err
	}
	fw.Write(data)
	mw.Close()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, env.ValidateURL, &body)
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	client := env.Client
	if client == nil {
		client = &http.Client{Timeout: 60 * time.Second}
	}
	var resp *http.Response
	for attempt := 0; ; attempt++ { // the server may still be starting
		resp, err = client.Do(req)
		if err == nil || attempt == 4 || ctx.Err() != nil {
			break
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
		req.Body = io.NopCloser(bytes.NewReader(body.Bytes()))
	}
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	text, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("HTTP %d: %s", resp.StatusCode, strings.TrimSpace(string(text)))
	}
	var msg struct {
		Result *string `json:"result"`
	}
	if json.Unmarshal(text, &msg) == nil && msg.Result != nil {
		return *msg.Result, nil
	}
	return strings.TrimSpace(string(text)), nil
}
