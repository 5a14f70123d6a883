package competition

import (
	"fmt"
	"sort"
	"strings"
)

// Catalog is an immutable, ID-sorted set of competitions: every competition
// the original knows (its facts) joined with the implementations given to
// [NewCatalog]. It is built once in main and passed down.
type Catalog struct {
	list []*Competition
	byID map[string]*Competition
}

// NewCatalog joins the built-in facts with impls. It rejects an empty or
// duplicate id, an implementation without facts, and one lacking Prepare or
// Grade.
func NewCatalog(impls []*Impl) (*Catalog, error) {
	return NewCatalogWith(Facts(), impls)
}

// NewCatalogWith builds a catalog from other facts than the original's,
// e.g. the built-in demo competitions.
func NewCatalogWith(infos []Info, impls []*Impl) (*Catalog, error) {
	c := &Catalog{byID: make(map[string]*Competition, len(infos))}
	for _, info := range infos {
		if info.ID == "" {
			return nil, fmt.Errorf("competition: facts with empty id")
		}
		if _, dup := c.byID[info.ID]; dup {
			return nil, fmt.Errorf("competition: duplicate facts for %q", info.ID)
		}
		comp := &Competition{Info: info}
		c.byID[info.ID] = comp
		c.list = append(c.list, comp)
	}
	for _, im := range impls {
		comp, ok := c.byID[im.ID]
		switch {
		case !ok:
			return nil, fmt.Errorf("competition: implementation %q has no facts", im.ID)
		case comp.Impl != nil:
			return nil, fmt.Errorf("competition: duplicate implementation %q", im.ID)
		case im.Prepare == nil || im.Grade == nil:
			return nil, fmt.Errorf("competition: implementation %q lacks Prepare or Grade", im.ID)
		}
		comp.Impl = im
	}
	// The original lists ids in byte order (uppercase before lowercase).
	sort.Slice(c.list, func(i, j int) bool { return c.list[i].ID < c.list[j].ID })
	return c, nil
}

// Lookup returns the competition with the given id.
func (c *Catalog) Lookup(id string) (*Competition, error) {
	comp, ok := c.byID[id]
	if !ok {
		if s := c.Suggest(id); s != "" {
			return nil, fmt.Errorf("%w: %q (did you mean %q?)", ErrUnknownCompetition, id, s)
		}
		return nil, fmt.Errorf("%w: %q", ErrUnknownCompetition, id)
	}
	return comp, nil
}

// Suggest returns the known id closest to an unknown one (fewest
// single-character edits, case ignored), or "" when none is close: at most
// a third of the id's length apart, or the unknown id is a unique part of
// a known one.
func (c *Catalog) Suggest(id string) string {
	low := strings.ToLower(strings.TrimSpace(id))
	if low == "" {
		return ""
	}
	best, bestD := "", len(low)/3+1
	var containing []string
	for _, comp := range c.list {
		known := strings.ToLower(comp.ID)
		if strings.Contains(known, low) {
			containing = append(containing, comp.ID)
		}
		if d := editDistance(low, known); d < bestD {
			best, bestD = comp.ID, d
		}
	}
	if best == "" && len(containing) == 1 {
		return containing[0]
	}
	return best
}

// editDistance is the Levenshtein distance of a and b (bytes).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Implemented returns the competition's implementation, or an error wrapping
// [ErrNotImplemented].
func (c *Competition) Implemented() (*Impl, error) {
	if c.Impl == nil {
		return nil, fmt.Errorf("%s: %w", c.ID, ErrNotImplemented)
	}
	return c.Impl, nil
}

// All returns every competition in id order.
func (c *Catalog) All() []*Competition { return c.list }

// IDs returns every id in order.
func (c *Catalog) IDs() []string {
	out := make([]string, len(c.list))
	for i, comp := range c.list {
		out[i] = comp.ID
	}
	return out
}

// Split returns the ids of a named split ("low", "medium", "high", "dev",
// "split75", "systemcard", "spaceship-titanic", "lite" = "low", "all" = every
// id) in the original's split-file order.
func (c *Catalog) Split(name string) ([]string, error) {
	if name == "lite" {
		name = "low"
	}
	if name == "all" {
		return c.IDs(), nil
	}
	var out []string
	for _, comp := range c.list {
		for _, s := range comp.Splits {
			if s == name {
				out = append(out, comp.ID)
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("competition: unknown split %q", name)
	}
	return out, nil
}

// SplitNames lists the split names [Catalog.Split] accepts.
var SplitNames = []string{"low", "medium", "high", "dev", "split75", "systemcard", "spaceship-titanic", "lite", "all"}
