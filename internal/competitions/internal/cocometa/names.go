package cocometa

// Names is a list of strings packed into one buffer: a string's bytes plus
// 8 bytes, instead of a string header and an allocation each.
type Names struct {
	buf  []byte
	ends []int
}

// Add appends s.
func (n *Names) Add(s string) {
	n.buf = append(n.buf, s...)
	n.ends = append(n.ends, len(n.buf))
}

// Len is the number of strings added.
func (n *Names) Len() int { return len(n.ends) }

// At is string i.
func (n *Names) At(i int) string {
	s := 0
	if i > 0 {
		s = n.ends[i-1]
	}
	return string(n.buf[s:n.ends[i]])
}
