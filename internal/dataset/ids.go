package dataset

import (
	"fmt"
	"os"
	"strings"
	"unicode/utf8"
)

// SplitLines splits s as Python's str.splitlines() does: at \n, \r, \r\n,
// \v, \f, \x1c, \x1d, \x1e, \x85, U+2028 and U+2029, without the
// terminators, and without a final empty line after a trailing
// terminator. Lines are not stripped and blank lines are kept.
func SplitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= 0x80 {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		switch r {
		case '\n', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
			out = append(out, s[start:i])
			i += size
			start = i
		case '\r':
			out = append(out, s[start:i])
			i += size
			if i < len(s) && s[i] == '\n' {
				i++
			}
			start = i
		default:
			i += size
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// ReadIDList reads competition ids, one per line, with the rule of
// `prepare --list` and `--lite` (harness.md §1.5): the file is split into
// lines, nothing is stripped, blank lines are kept (and then fail lookup).
func ReadIDList(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading the competition list: %w", err)
	}
	return SplitLines(strings.ToValidUTF8(string(b), "\uFFFD")), nil
}
