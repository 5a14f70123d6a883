package familiarity

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/llm"
	"github.com/mlebench/mlebench/internal/llm/llmtest"
	"github.com/mlebench/mlebench/internal/pyrand"
)

type reference struct {
	Samples []struct {
		N, K, Seed int
		Sample     []int
	}
	Pearson []struct {
		X, Y []float64
		R, P float64
	}
}

func loadReference(t *testing.T) reference {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "reference_values.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ref reference
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	return ref
}

func TestSampleMatchesCPython(t *testing.T) {
	for _, c := range loadReference(t).Samples {
		got, err := Sample(pyrand.NewRandom(int64(c.Seed)), c.N, c.K)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(c.Sample) {
			t.Fatalf("n=%d k=%d: %d positions", c.N, c.K, len(got))
		}
		for i := range got {
			if got[i] != c.Sample[i] {
				t.Fatalf("n=%d k=%d seed=%d: got %v, want %v", c.N, c.K, c.Seed, got, c.Sample)
			}
		}
	}
	if _, err := Sample(pyrand.NewRandom(0), 3, 4); err == nil {
		t.Error("a sample larger than the population was accepted")
	}
}

func TestPearsonMatchesScipy(t *testing.T) {
	for _, c := range loadReference(t).Pearson {
		r, p, err := Pearson(c.X, c.Y)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(r-c.R) > 1e-12 || math.Abs(p-c.P) > 1e-10*math.Max(1, c.P) {
			t.Errorf("%v/%v: r=%v p=%v, want r=%v p=%v", c.X, c.Y, r, p, c.R, c.P)
		}
	}
	if r, p, _ := Pearson([]float64{1, 1, 1}, []float64{1, 2, 3}); !math.IsNaN(r) || !math.IsNaN(p) {
		t.Errorf("constant input: r=%v p=%v, want NaN", r, p)
	}
}

// knowingServer answers as a model that has seen doc: at even positions it
// puts the true next token first with probability 0.5; at odd ones it does
// not list it.
func knowingServer(t *testing.T, tok Tokenizer, doc string) (*llmtest.Server, int, int) {
	t.Helper()
	ids, err := tok.Encode(doc)
	if err != nil {
		t.Fatal(err)
	}
	pos := map[string]int{}
	for p := range ids {
		prefix, _ := tok.Decode(ids[:p])
		if _, dup := pos[prefix]; !dup {
			pos[prefix] = p
		}
	}
	srv := llmtest.New("sk-fam")
	srv.Complete = func(req llmtest.CompletionRequest) (string, map[string]float64, *llmtest.Fault) {
		p, ok := pos[req.Prompt]
		if !ok || req.MaxTokens != 1 || req.Logprobs != 10 {
			return "", nil, &llmtest.Fault{Status: 400, Message: "unexpected request"}
		}
		next, _ := tok.Decode(ids[p : p+1])
		if p%2 == 0 {
			return next, map[string]float64{next: math.Log(0.5), "zz": math.Log(0.1)}, nil
		}
		return "zz", map[string]float64{"zz": math.Log(0.9)}, nil
	}
	even := (len(ids) + 1) / 2
	return srv, len(ids), even
}

func TestDocumentScore(t *testing.T) {
	tok, err := GPT4oTokenizer()
	if err != nil {
		t.Fatal(err)
	}
	doc := "Predict which passengers were transported to an alternate dimension during the Spaceship Titanic's collision."
	srv, n, even := knowingServer(t, tok, doc)
	defer srv.Close()
	client := &llm.Client{BaseURL: srv.BaseURL(), APIKey: "sk-fam", Retry: llm.RetryPolicy{MaxAttempts: 3, MinWait: time.Millisecond, MaxWait: time.Millisecond}}
	s := &Scorer{Client: client, Model: "base", Tokenizer: tok, NSamples: 1000, Workers: 3}
	got, err := s.Document(context.Background(), doc, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := 0.5 * float64(even) / float64(n); math.Abs(got-want) > 1e-12 {
		t.Errorf("all positions: %v, want %v (%d tokens)", got, want, n)
	}
	// Fewer samples than tokens: exactly k distinct positions asked.
	before := len(srv.CompletionRequests())
	s.NSamples = 5
	if _, err := s.Document(context.Background(), doc, 1); err != nil {
		t.Fatal(err)
	}
	reqs := srv.CompletionRequests()[before:]
	seen := map[string]bool{}
	for _, r := range reqs {
		seen[r.Prompt] = true
	}
	if len(reqs) != 5 || len(seen) != 5 {
		t.Errorf("%d requests, %d distinct prefixes; want 5 and 5", len(reqs), len(seen))
	}
	// A rate-limit storm is ridden out; a wrong key fails.
	srv.AddFaults(llmtest.Fault{Status: 429}, llmtest.Fault{Status: 429})
	if _, err := s.Document(context.Background(), doc, 2); err != nil {
		t.Errorf("after a 429 storm: %v", err)
	}
	client.APIKey = "sk-wrong"
	if _, err := s.Document(context.Background(), doc, 2); !llm.IsAuth(err) {
		t.Errorf("wrong key: %v", err)
	}
	if _, err := s.Document(context.Background(), "", 0); err == nil {
		t.Error("an empty document was scored")
	}
}

func TestRunCacheAndResume(t *testing.T) {
	tok, err := GPT4oTokenizer()
	if err != nil {
		t.Fatal(err)
	}
	up := t.TempDir()
	desc := "Classify the leaves."
	os.MkdirAll(filepath.Join(up, "competitions", "leaf-classification"), 0o755)
	os.WriteFile(filepath.Join(up, "competitions", "leaf-classification", "description.md"), []byte(desc), 0o644)
	disc := t.TempDir()
	os.MkdirAll(filepath.Join(disc, "leaf-classification"), 0o755)
	os.WriteFile(filepath.Join(disc, "leaf-classification", "post1.txt"), []byte(desc), 0o644)
	os.WriteFile(filepath.Join(disc, "leaf-classification", "empty.txt"), []byte("  \n"), 0o644)
	srv, n, even := knowingServer(t, tok, desc)
	defer srv.Close()
	s := &Scorer{Client: &llm.Client{BaseURL: srv.BaseURL(), APIKey: "sk-fam"}, Model: "base", Tokenizer: tok, NSamples: 1000}
	deadlines, err := ReadDeadlines(strings.NewReader("Id,Slug,Title,DeadlineDate\n1,leaf-classification,Leaf,02/28/2017 23:59:00\n2,other,O,\n"))
	if err != nil {
		t.Fatal(err)
	}
	cachePath := filepath.Join(t.TempDir(), "familiarity_and_dates.json")
	cache := Cache{}
	var warned []string
	opt := Options{Scorer: s, UpstreamDir: up, DiscussionsDir: disc, Deadlines: deadlines, Seeds: 2,
		Warn: func(m string) { warned = append(warned, m) }, Save: func(c Cache) error { return c.Write(cachePath) }}
	if err := Run(context.Background(), []string{"leaf-classification", "spaceship-titanic"}, cache, opt); err != nil {
		t.Fatal(err)
	}
	if len(warned) != 1 || !strings.Contains(warned[0], "spaceship-titanic") {
		t.Errorf("warnings %q", warned)
	}
	want := 0.5 * float64(even) / float64(n)
	b, _ := os.ReadFile(cachePath)
	wantJSON := `{
    "leaf-classification_seed0": {
        "deadline": "2017-02-28 23:59:00",
        "familiarity_scores": {
            "description.md": W,
            "post1.txt": W
        },
        "mean_familiarity_score": W
    },
    "leaf-classification_seed1": {
        "deadline": "2017-02-28 23:59:00",
        "familiarity_scores": {
            "description.md": W,
            "post1.txt": W
        },
        "mean_familiarity_score": W
    }
}`
	if got := string(b); got != strings.ReplaceAll(wantJSON, "W", string(pyFloat(want))) {
		t.Errorf("cache:\n%s", got)
	}
	// A second run reads the cache and asks nothing.
	calls := srv.Calls()
	cache2, err := ReadCache(cachePath)
	if err != nil {
		t.Fatal(err)
	}
	if err := Run(context.Background(), []string{"leaf-classification"}, cache2, opt); err != nil {
		t.Fatal(err)
	}
	if srv.Calls() != calls {
		t.Errorf("a cached competition was recomputed")
	}
}

func pyFloat(x float64) []byte {
	b, _ := json.Marshal(x)
	return b
}

func TestPerformance(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	got := Performance([]Outcome{
		{"a", f(0.9), 1.0}, {"a", nil, 1.0}, // (0.9−0.5)/(1−0.5) = 0.8 and 0 → 0.4
		{"b", f(2.0), 1.0}, // lower is better: (2−3)/(1−3) = 0.5
		{"c", f(1), 2},     // NaN sample score: left out
		{"d", f(1), 2},     // unknown sample score: left out
	}, map[string]float64{"a": 0.5, "b": 3, "c": math.NaN()})
	if len(got) != 2 || math.Abs(got["a"]-0.4) > 1e-15 || math.Abs(got["b"]-0.5) > 1e-15 {
		t.Errorf("performance = %v", got)
	}
}

func TestScatterSVG(t *testing.T) {
	svg := string(ScatterSVG("r = 0.5 <p>", Axis{Label: "deadline", Time: true}, Axis{Label: "familiarity"},
		[]Point{{"a", 1.5e9, 0.2}, {"b", 1.6e9, 0.4}}))
	if !strings.HasPrefix(svg, "<svg") || strings.Count(svg, "<circle") != 2 || !strings.Contains(svg, "r = 0.5 &lt;p&gt;") || !strings.Contains(svg, "2017-") {
		t.Errorf("svg:\n%s", svg)
	}
	if !strings.Contains(string(ScatterSVG("t", Axis{}, Axis{}, nil)), "no data") {
		t.Error("an empty plot is not labelled")
	}
}
