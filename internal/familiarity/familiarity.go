// Package familiarity is the original's familiarity experiment
// (experiments/familiarity, spec environment-and-agents.md §3.4): how
// familiar a base language model is with each competition's documents, as a
// probe of training-data contamination, set against the competition's
// deadline and the agents' performance.
//
// Contract:
//   - A document is tokenized with the GPT-4o tokenizer (o200k_base). From
//     its n tokens, min(NSamples, n) distinct positions are drawn uniformly
//     (CPython's random.sample over range(n) after random.seed(seed)); for
//     each position p the model is asked, through an OpenAI-compatible
//     completions endpoint, for one token after decode(tokens[:p]) with the
//     top-10 log-probabilities. The position scores exp(logprob) of the true
//     token decode(tokens[p]) when it is among the ten, else 0. The
//     document's familiarity is the mean over positions; the competition's
//     is the mean over its documents.
//   - Documents: the competition's description.md (from the original's
//     files) and, when given, the discussion posts saved as
//     <discussions>/<id>/<name>.txt (the original scrapes them with a
//     browser; here they are an input).
//   - The cache familiarity_and_dates.json maps "<id>_seed<k>" to
//     familiarity_scores (per document file name), mean_familiarity_score
//     and deadline, written with 4-space indent and sorted keys; entries
//     already in it are not recomputed, so an interrupted run resumes.
//   - Performance of a competition is the mean over grading reports of
//     (score − sample score)/(gold threshold − sample score), 0 for a null
//     score; competitions whose sample score is unknown are left out.
package familiarity

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/tiktoken-go/tokenizer"

	"github.com/mlebench/mlebench/internal/llm"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// Tokenizer encodes and decodes text as the model's tokenizer does.
type Tokenizer interface {
	Encode(s string) ([]uint, error)
	Decode(ids []uint) (string, error)
}

// codec serialises calls: the tokenizer's codec builds its tables lazily
// and is not safe for concurrent use.
type codec struct {
	mu sync.Mutex
	c  tokenizer.Codec
}

func (c *codec) Encode(s string) ([]uint, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	ids, _, err := c.c.Encode(s)
	return ids, err
}

func (c *codec) Decode(ids []uint) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.c.Decode(ids)
}

// GPT4oTokenizer is the o200k_base encoding the original uses; it is safe
// for concurrent use.
func GPT4oTokenizer() (Tokenizer, error) {
	c, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		return nil, fmt.Errorf("loading the o200k_base tokenizer: %w", err)
	}
	return &codec{c: c}, nil
}

// Sample is CPython's random.sample(range(n), k) on r.
func Sample(r *pyrand.Random, n, k int) ([]int, error) {
	if k < 0 || k > n {
		return nil, errors.New("sample larger than population or is negative")
	}
	result := make([]int, k)
	setsize := 21
	if k > 5 {
		setsize += int(math.Pow(4, math.Ceil(math.Log(float64(k*3))/math.Log(4))))
	}
	if n <= setsize {
		pool := make([]int, n)
		for i := range pool {
			pool[i] = i
		}
		for i := 0; i < k; i++ {
			j := int(r.Randbelow(uint64(n - i)))
			result[i] = pool[j]
			pool[j] = pool[n-i-1]
		}
		return result, nil
	}
	selected := make(map[int]bool, k)
	for i := 0; i < k; i++ {
		j := int(r.Randbelow(uint64(n)))
		for selected[j] {
			j = int(r.Randbelow(uint64(n)))
		}
		selected[j] = true
		result[i] = j
	}
	return result, nil
}

// Scorer asks a model about documents.
type Scorer struct {
	Client    *llm.Client
	Model     string
	Tokenizer Tokenizer
	NSamples  int // the original's default: 1000
	Workers   int // requests at once; 0 means 8
}

// Document scores one document's familiarity with the given seed.
func (s *Scorer) Document(ctx context.Context, text string, seed int64) (float64, error) {
	ids, err := s.Tokenizer.Encode(text)
	if err != nil {
		return 0, fmt.Errorf("tokenizing: %w", err)
	}
	if len(ids) == 0 {
		return 0, errors.New("the document is empty")
	}
	k := min(s.NSamples, len(ids))
	positions, err := Sample(pyrand.NewRandom(seed), len(ids), k)
	if err != nil {
		return 0, err
	}
	workers := s.Workers
	if workers <= 0 {
		workers = 8
	}
	probs := make([]float64, len(positions))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				p, err := s.position(ctx, ids, positions[i])
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					cancel()
					continue
				}
				probs[i] = p
			}
		}()
	}
feed:
	for i := range positions {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return 0, firstErr
	}
	sum := 0.0
	for _, p := range probs {
		sum += p
	}
	return sum / float64(len(probs)), nil
}

func (s *Scorer) position(ctx context.Context, ids []uint, p int) (float64, error) {
	prefix, err := s.Tokenizer.Decode(ids[:p])
	if err != nil {
		return 0, err
	}
	want, err := s.Tokenizer.Decode(ids[p : p+1])
	if err != nil {
		return 0, err
	}
	zero := 0.0
	res, err := s.Client.Complete(ctx, llm.CompletionRequest{Model: s.Model, Prompt: prefix, MaxTokens: 1, Logprobs: 10, Temperature: &zero})
	if err != nil {
		return 0, fmt.Errorf("position %d: %w", p, err)
	}
	if lp, ok := res.TopLogprobs[want]; ok {
		return math.Exp(lp), nil
	}
	return 0, nil
}
