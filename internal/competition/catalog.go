package competition

import (
	"fmt"
	"sort"
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
		return nil, fmt.Errorf("%w: %q", ErrUnknownCompetition, id)
	}
	return comp, nil
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
