// Package competitions holds one file per implemented competition. Each file
// registers its [competition.Impl] from init() through register, which only
// inserts into a package-level list (pure, order-independent, panics on a
// nil implementation or duplicate id). [All] returns the implementations
// sorted by id; main joins them with the facts into a competition.Catalog.
//
// Every identifier a competition file declares at top level starts with that
// competition's stem (e.g. spaceshipGrade), so files never clash.
package competitions

import (
	"sort"
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

// All returns every registered implementation, sorted by id.
func All() []*competition.Impl {
	mu.Lock()
	defer mu.Unlock()
	out := make([]*competition.Impl, 0, len(impls))
	for _, im := range impls {
		out = append(out, im)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
