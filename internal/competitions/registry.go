package competitions

// Competitions not yet moved into packages of their own register here from
// init() (pure, order-independent, panics on a nil implementation or
// duplicate id).

import (
	"sync"

	"github.com/mlebench/mlebench/internal/competition"
)

var (
	mu    sync.Mutex
	impls = map[string]*competition.Impl{}
)

func register(im *competition.Impl) {
	mu.Lock()
	defer mu.Unlock()
	if im == nil || im.ID == "" {
		panic("competitions: register of nil or unnamed implementation")
	}
	if _, dup := impls[im.ID]; dup {
		panic("competitions: duplicate registration of " + im.ID)
	}
	impls[im.ID] = im
}
