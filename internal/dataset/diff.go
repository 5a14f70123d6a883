package dataset

import "fmt"

// opcode is one difflib opcode: a[i1:i2] relates to b[j1:j2].
type opcode struct {
	tag            byte // 'e'qual, 'r'eplace, 'd'elete, 'i'nsert
	i1, i2, j1, j2 int
}

// maxDiffCells bounds the LCS table; larger inputs diff as one replace.
const maxDiffCells = 4 << 20

// opcodes aligns a and b on a longest common subsequence of lines.
func opcodes(a, b []string) []opcode {
	n, m := len(a), len(b)
	var matches [][2]int
	if n*m <= maxDiffCells {
		// lcs[i][j] = LCS length of a[i:], b[j:].
		lcs := make([][]int32, n+1)
		for i := range lcs {
			lcs[i] = make([]int32, m+1)
		}
		for i := n - 1; i >= 0; i-- {
			for j := m - 1; j >= 0; j-- {
				if a[i] == b[j] {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		for i, j := 0, 0; i < n && j < m; {
			switch {
			case a[i] == b[j]:
				matches = append(matches, [2]int{i, j})
				i, j = i+1, j+1
			case lcs[i+1][j] >= lcs[i][j+1]:
				i++
			default:
				j++
			}
		}
	}
	matches = append(matches, [2]int{n, m}) // sentinel
	var out []opcode
	i, j := 0, 0
	for k := 0; k < len(matches); {
		mi, mj := matches[k][0], matches[k][1]
		switch {
		case i < mi && j < mj:
			out = append(out, opcode{'r', i, mi, j, mj})
		case i < mi:
			out = append(out, opcode{'d', i, mi, j, j})
		case j < mj:
			out = append(out, opcode{'i', i, i, j, mj})
		}
		if mi == n && mj == m {
			break
		}
		// A run of consecutive matches is one equal block.
		start := k
		for k+1 < len(matches) && matches[k+1][0] == matches[k][0]+1 && matches[k+1][1] == matches[k][1]+1 && matches[k+1][0] < n {
			k++
		}
		out = append(out, opcode{'e', matches[start][0], matches[k][0] + 1, matches[start][1], matches[k][1] + 1})
		i, j = matches[k][0]+1, matches[k][1]+1
		k++
	}
	return out
}

// groupedOpcodes is difflib's get_grouped_opcodes(n).
func groupedOpcodes(codes []opcode, n int) [][]opcode {
	if len(codes) == 0 {
		codes = []opcode{{'e', 0, 1, 0, 1}}
	}
	codes = append([]opcode(nil), codes...)
	if c := codes[0]; c.tag == 'e' {
		codes[0] = opcode{'e', max(c.i1, c.i2-n), c.i2, max(c.j1, c.j2-n), c.j2}
	}
	if c := codes[len(codes)-1]; c.tag == 'e' {
		codes[len(codes)-1] = opcode{'e', c.i1, min(c.i2, c.i1+n), c.j1, min(c.j2, c.j1+n)}
	}
	var groups [][]opcode
	var group []opcode
	for _, c := range codes {
		if c.tag == 'e' && c.i2-c.i1 > 2*n {
			group = append(group, opcode{'e', c.i1, min(c.i2, c.i1+n), c.j1, min(c.j2, c.j1+n)})
			groups = append(groups, group)
			group = nil
			c.i1, c.j1 = max(c.i1, c.i2-n), max(c.j1, c.j2-n)
		}
		group = append(group, c)
	}
	if len(group) > 0 && !(len(group) == 1 && group[0].tag == 'e') {
		groups = append(groups, group)
	}
	return groups
}

func formatRange(start, stop int) string {
	beginning, length := start+1, stop-start
	if length == 1 {
		return fmt.Sprint(beginning)
	}
	if length == 0 {
		beginning--
	}
	return fmt.Sprintf("%d,%d", beginning, length)
}

// UnifiedDiff returns the lines of a unified diff of a and b with n lines
// of context, as Python's difflib.unified_diff(a, b, from, to, n=n,
// lineterm="") prints it (with a longest-common-subsequence alignment,
// which agrees with difflib on inputs such as checksum listings).
func UnifiedDiff(a, b []string, from, to string, n int) []string {
	var out []string
	for _, g := range groupedOpcodes(opcodes(a, b), n) {
		if out == nil {
			out = append(out, "--- "+from, "+++ "+to)
		}
		first, last := g[0], g[len(g)-1]
		out = append(out, fmt.Sprintf("@@ -%s +%s @@", formatRange(first.i1, last.i2), formatRange(first.j1, last.j2)))
		for _, c := range g {
			if c.tag == 'e' {
				for _, l := range a[c.i1:c.i2] {
					out = append(out, " "+l)
				}
				continue
			}
			if c.tag == 'r' || c.tag == 'd' {
				for _, l := range a[c.i1:c.i2] {
					out = append(out, "-"+l)
				}
			}
			if c.tag == 'r' || c.tag == 'i' {
				for _, l := range b[c.j1:c.j2] {
					out = append(out, "+"+l)
				}
			}
		}
	}
	return out
}
