package kaggle_test

import (
	"bytes"
	"context"
	"log/slog"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/kaggle"
	"github.com/mlebench/mlebench/internal/kaggle/kaggletest"
)

// Credentials used throughout; the redaction tests search for them.
const (
	testUser  = "alice"
	testKey   = "k3y-SECRET-0123456789abcdef"
	testToken = "tok-SECRET-fedcba9876543210"
)

// harness bundles a fake server and a client wired to it.
type harness struct {
	srv    *kaggletest.Server
	client *kaggle.Client
	mu     sync.Mutex
	sleeps []time.Duration
	logs   *syncBuffer
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	h := &harness{srv: kaggletest.New(t), logs: &syncBuffer{}}
	h.srv.AddUser(testUser, testKey)
	h.srv.AddToken(testToken)
	h.client = &kaggle.Client{
		BaseURL:    h.srv.URL,
		HTTPClient: h.srv.Client(),
		Creds:      kaggle.Credentials{Username: testUser, Key: testKey, Source: "test"},
		Logger:     slog.New(slog.NewTextHandler(h.logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Sleep: func(ctx context.Context, d time.Duration) error {
			h.mu.Lock()
			defer h.mu.Unlock()
			h.sleeps = append(h.sleeps, d)
			return ctx.Err()
		},
		Rand: func() float64 { return 0.5 },
	}
	return h
}

func (h *harness) slept() []time.Duration {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]time.Duration(nil), h.sleeps...)
}

// storageRequests returns the recorded storage requests.
func (h *harness) storageRequests() []kaggletest.Request {
	var out []kaggletest.Request
	for _, r := range h.srv.Requests() {
		if r.Storage {
			out = append(out, r)
		}
	}
	return out
}

// randomBytes returns n incompressible, seeded bytes.
func randomBytes(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// addComp registers a competition with one large random file.
func (h *harness) addComp(id string, size int) []byte {
	h.srv.AddCompetition(kaggletest.Competition{
		ID:    id,
		Files: map[string][]byte{"train.csv": randomBytes(size, uint64(len(id))), "test.csv": []byte("id\n1\n")},
	})
	return h.srv.Archive(id)
}

// recProgress records progress calls.
type recProgress struct {
	mu     sync.Mutex
	starts []int64
	count  int64
	done   int
	name   string
}

func (p *recProgress) Start(name string, total int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.starts = append(p.starts, total)
	p.count = 0
	p.name = name
}

func (p *recProgress) Add(n int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.count += n
}

func (p *recProgress) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
}
