package agent

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/mlebench/mlebench/internal/pyfloat"
)

// Kind is the Python type a YAML value is constructed as by PyYAML's
// SafeLoader (YAML 1.1 resolution).
type Kind uint8

const (
	Str Kind = iota
	Int
	Float
	Bool
	Null
	List
	Mapping
)

// Value is a YAML value as Python sees it after yaml.safe_load.
type Value struct {
	Kind  Kind
	Text  string  // Python str() of the value for scalars
	Items []Value // List
	Map   *Map    // Mapping
}

// Map is a YAML mapping with PyYAML's key order: merged keys first (from
// `<<`), then the mapping's own keys; a later duplicate overrides the value
// but keeps the first position, as a Python dict does.
type Map struct {
	Keys   []string
	Values map[string]Value
}

func newMap() *Map { return &Map{Values: map[string]Value{}} }

func (m *Map) set(k string, v Value) {
	if _, ok := m.Values[k]; !ok {
		m.Keys = append(m.Keys, k)
	}
	m.Values[k] = v
}

// Get returns the value for k.
func (m *Map) Get(k string) (Value, bool) {
	if m == nil {
		return Value{}, false
	}
	v, ok := m.Values[k]
	return v, ok
}

// PyStr returns Python's str() of the value: scalars as their text, lists
// and mappings as Python's repr of them.
func (v Value) PyStr() string {
	switch v.Kind {
	case List, Mapping:
		return v.pyRepr()
	}
	return v.Text
}

func (v Value) pyRepr() string {
	switch v.Kind {
	case Str:
		return pyQuote(v.Text)
	case List:
		parts := make([]string, len(v.Items))
		for i, it := range v.Items {
			parts[i] = it.pyRepr()
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case Mapping:
		parts := make([]string, 0, len(v.Map.Keys))
		for _, k := range v.Map.Keys {
			parts = append(parts, pyQuote(k)+": "+v.Map.Values[k].pyRepr())
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return v.Text
}

// pyQuote is Python's repr of a str (the common cases: single quotes unless
// the text contains a single quote and no double quote).
func pyQuote(s string) string {
	q := "'"
	if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
		q = `"`
	}
	var b strings.Builder
	b.WriteString(q)
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case string(r) == q:
			b.WriteString(`\` + q)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteString(q)
	return b.String()
}

// construct turns a yaml.v3 node into a Python-like value, resolving
// aliases and merge keys the way PyYAML does.
func construct(n *yaml.Node, depth int) (Value, error) {
	if depth > 100 {
		return Value{}, fmt.Errorf("line %d: YAML nesting too deep (alias cycle?)", n.Line)
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return Value{Kind: Null, Text: "None"}, nil
		}
		return construct(n.Content[0], depth+1)
	case yaml.AliasNode:
		return construct(n.Alias, depth+1)
	case yaml.ScalarNode:
		return resolveScalar(n)
	case yaml.SequenceNode:
		v := Value{Kind: List}
		for _, c := range n.Content {
			it, err := construct(c, depth+1)
			if err != nil {
				return Value{}, err
			}
			v.Items = append(v.Items, it)
		}
		return v, nil
	case yaml.MappingNode:
		return constructMap(n, depth)
	}
	return Value{}, fmt.Errorf("line %d: unsupported YAML node", n.Line)
}

func isMergeKey(k *yaml.Node) bool {
	return k.Kind == yaml.ScalarNode && k.Value == "<<" && (k.Tag == "!!merge" || k.Tag == "" || k.Style == 0)
}

func deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// constructMap follows PyYAML's flatten_mapping: the pairs of merged
// mappings come first (for a list of merges, the last listed first, so the
// earlier ones win), then the mapping's own pairs; assignment in that order
// into a dict.
func constructMap(n *yaml.Node, depth int) (Value, error) {
	type pair struct{ k, v *yaml.Node }
	var flatten func(m *yaml.Node, d int) ([]pair, error)
	flatten = func(m *yaml.Node, d int) ([]pair, error) {
		if d > 100 {
			return nil, fmt.Errorf("line %d: YAML merge nesting too deep", m.Line)
		}
		var pre, body []pair
		for i := 0; i+1 < len(m.Content); i += 2 {
			k, v := m.Content[i], m.Content[i+1]
			if !isMergeKey(k) {
				body = append(body, pair{k, v})
				continue
			}
			src := deref(v)
			switch src.Kind {
			case yaml.MappingNode:
				ps, err := flatten(src, d+1)
				if err != nil {
					return nil, err
				}
				pre = append(pre, ps...)
			case yaml.SequenceNode:
				var groups [][]pair
				for _, s := range src.Content {
					s = deref(s)
					if s.Kind != yaml.MappingNode {
						return nil, fmt.Errorf("line %d: expected a mapping for merging", s.Line)
					}
					ps, err := flatten(s, d+1)
					if err != nil {
						return nil, err
					}
					groups = append(groups, ps)
				}
				for i := len(groups) - 1; i >= 0; i-- {
					pre = append(pre, groups[i]...)
				}
			default:
				return nil, fmt.Errorf("line %d: expected a mapping or list of mappings for merging", v.Line)
			}
		}
		return append(pre, body...), nil
	}
	all, err := flatten(n, depth)
	if err != nil {
		return Value{}, err
	}
	m := newMap()
	for _, p := range all {
		kv, err := construct(p.k, depth+1)
		if err != nil {
			return Value{}, err
		}
		if kv.Kind == List || kv.Kind == Mapping {
			return Value{}, fmt.Errorf("line %d: unhashable mapping key", p.k.Line)
		}
		vv, err := construct(p.v, depth+1)
		if err != nil {
			return Value{}, err
		}
		m.set(kv.Text, vv)
	}
	return Value{Kind: Mapping, Map: m}, nil
}

var (
	yamlBools = map[string]bool{
		"yes": true, "Yes": true, "YES": true, "no": false, "No": false, "NO": false,
		"true": true, "True": true, "TRUE": true, "false": false, "False": false, "FALSE": false,
		"on": true, "On": true, "ON": true, "off": false, "Off": false, "OFF": false,
	}
	yamlNulls = map[string]bool{"": true, "~": true, "null": true, "Null": true, "NULL": true}
	// PyYAML's YAML 1.1 implicit resolvers for int and float.
	intRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$`)
	})
	floatRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`)
	})
)

func resolveScalar(n *yaml.Node) (Value, error) {
	s := n.Value
	str := Value{Kind: Str, Text: s}
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return str, nil
	}
	// yaml.v3 resolves plain scalars by YAML 1.2 and sets Tag accordingly;
	// only an explicit tag (TaggedStyle) overrides PyYAML's 1.1 resolution.
	if n.Style&yaml.TaggedStyle != 0 {
		switch n.Tag {
		case "!!str", "!!binary", "!!timestamp", "!":
			return str, nil
		case "!!null", "!!bool", "!!int", "!!float":
		default:
			return Value{}, fmt.Errorf("line %d: unsupported YAML tag %s", n.Line, n.Tag)
		}
	}
	if yamlNulls[s] {
		return Value{Kind: Null, Text: "None"}, nil
	}
	if b, ok := yamlBools[s]; ok {
		if b {
			return Value{Kind: Bool, Text: "True"}, nil
		}
		return Value{Kind: Bool, Text: "False"}, nil
	}
	if intRE().MatchString(s) {
		t, err := pyInt(s)
		if err != nil {
			return Value{}, fmt.Errorf("line %d: %w", n.Line, err)
		}
		return Value{Kind: Int, Text: t}, nil
	}
	if floatRE().MatchString(s) {
		f, err := pyFloat(s)
		if err != nil {
			return Value{}, fmt.Errorf("line %d: %w", n.Line, err)
		}
		return Value{Kind: Float, Text: pyfloat.Repr(f)}, nil
	}
	return str, nil
}

// pyInt converts a YAML 1.1 int to Python's decimal text.
func pyInt(s string) (string, error) {
	v := strings.ReplaceAll(s, "_", "")
	neg := false
	switch {
	case strings.HasPrefix(v, "-"):
		neg, v = true, v[1:]
	case strings.HasPrefix(v, "+"):
		v = v[1:]
	}
	n := new(big.Int)
	var ok bool
	switch {
	case v == "0":
		ok = true
	case strings.HasPrefix(v, "0b"):
		_, ok = n.SetString(v[2:], 2)
	case strings.HasPrefix(v, "0x"):
		_, ok = n.SetString(v[2:], 16)
	case strings.HasPrefix(v, "0"):
		_, ok = n.SetString(v[1:], 8)
	case strings.Contains(v, ":"):
		ok = true
		for _, part := range strings.Split(v, ":") {
			d, err := strconv.ParseInt(part, 10, 64)
			if err != nil {
				return "", fmt.Errorf("bad sexagesimal int %q", s)
			}
			n.Mul(n, big.NewInt(60))
			n.Add(n, big.NewInt(d))
		}
	default:
		_, ok = n.SetString(v, 10)
	}
	if !ok {
		return "", fmt.Errorf("bad int %q", s)
	}
	if neg {
		n.Neg(n)
	}
	return n.String(), nil
}

// pyFloat converts a YAML 1.1 float.
func pyFloat(s string) (float64, error) {
	v := strings.ToLower(strings.ReplaceAll(s, "_", ""))
	sign := 1.0
	switch {
	case strings.HasPrefix(v, "-"):
		sign, v = -1, v[1:]
	case strings.HasPrefix(v, "+"):
		v = v[1:]
	}
	switch v {
	case ".inf":
		return sign * math.Inf(1), nil
	case ".nan":
		return math.NaN(), nil
	}
	if strings.Contains(v, ":") {
		parts := strings.Split(v, ":")
		total := 0.0
		for _, p := range parts {
			f, err := strconv.ParseFloat(p, 64)
			if err != nil {
				return 0, fmt.Errorf("bad sexagesimal float %q", s)
			}
			total = total*60 + f
		}
		return sign * total, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return 0, fmt.Errorf("bad float %q", s)
	}
	return sign * f, nil
}
