//go:build !linux

package local

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/runner"
)

// Options configure the backend (see the Linux implementation).
type Options struct {
	Catalog        *competition.Catalog
	Fixes          map[string]bool
	UID, GID       uint32
	IDs            int
	AllowUnsealed  bool
	SandboxRoot    string
	MaxUploadBytes int64
	TermGrace      time.Duration
	Stage          agent.StageOptions
	Log            *slog.Logger
}

// DefaultUID is the first agent uid (see the Linux implementation).
const DefaultUID = 2000000000

// Backend is unavailable off Linux.
type Backend struct{}

// ErrCannotSeal is returned when the answers cannot be hidden.
var ErrCannotSeal = errors.New("local backend: cannot seal the private answers")

// New fails: the local backend needs Linux (process credentials, parent
// death signals, prlimit).
func New(Options) (*Backend, error) { return nil, errors.New("the local backend requires Linux") }

func (b *Backend) Sealed() bool { return false }
func (b *Backend) Close() error { return nil }
func (b *Backend) Start(context.Context, *runner.Spec) (runner.Sandbox, error) {
	return nil, errors.New("the local backend requires Linux")
}
