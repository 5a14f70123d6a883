package table

import "math"

// The fast line form of the typed path: a line whose every cell is
// -?[0-9]+ (at most 18 digits: what plainInt takes) or -?[0-9]+.[0-9]+ (at
// most 19 digits in all, so that the mantissa is exact) is parsed in one
// pass over its bytes, with no separator search and no per-cell calls
// (≈ 30% less time than the per-cell path on 1M-row submissions:
// BenchmarkLineFast and BenchmarkLineCells). The values are those of the per-cell path: an
// integer cell is plainInt's value; a decimal cell is converted with the
// same exact fast path and Eisel-Lemire step as scanDecimal (which, on
// these forms, collects the same mantissa and exponent: it skips leading
// zeros and never truncates below 20 digits). A line with anything else
// (an exponent, a '+', more digits, an empty cell, text, another number of
// fields, a value Eisel-Lemire cannot decide) is left to the per-cell path,
// which decides it exactly as before.

// fastLineMax is the widest line the fast form takes.
const fastLineMax = 16

// skipStops[k][ch] marks the bytes that end a skipped cell's scan in
// fastCells: the separator (',' for k = 0, '\t' for k = 1), a quote, '\r',
// '\n', NUL and every non-ASCII byte (a line holding one goes to the
// per-cell path, where plainSkipped checks that it is valid UTF-8).
var skipStops = func() (t [2][256]bool) {
	for k, sep := range []byte{',', '\t'} {
		for _, ch := range []byte{sep, '"', '\r', '\n', 0} {
			t[k][ch] = true
		}
		for ch := 0x80; ch < 0x100; ch++ {
			t[k][ch] = true
		}
	}
	return t
}()

// fastCell is one parsed cell of a fast line.
type fastCell struct {
	i       int64
	f       float64
	isFloat bool
	negZero bool // an integer cell "-0…0"
}

// digitRun parses the digits of b[i:end]. It returns the position after
// the run, the run's value (exact when n ≤ 19) added to man·10ⁿ, and n, the
// number of digits. (Eight digits at a time with SWAR arithmetic measured
// slower on the benchmark machine than this loop: BenchmarkLineFast.)
func digitRun(b []byte, i, end int, man uint64) (int, uint64, int) {
	n := 0
	for ; i < end; i++ {
		d := b[i] - '0'
		if d > 9 {
			break
		}
		man = man*10 + uint64(d)
		n++
	}
	return i, man, n
}

// fastLine parses the line b[start:end] into out[:width]. ok is false when
// the line is not of the fast form. skip is nil or marks the columns the
// caller does not keep (see fastCells).
func fastLine(b []byte, start, end int, sep byte, out []fastCell, skip []bool) bool {
	i, ok := fastCells(b, start, end, sep, out, skip)
	return ok && i == end
}

// fastLineAt is fastLine for the line that starts at b[start] and ends at
// the first '\n' of b, found by the parse itself instead of a search
// first: ok when the last cell is followed by "\n" or "\r\n" (the line
// end lineSpan finds, after its '\r' trim), and next is the position after
// the '\n'. A line that does not end inside b (its rest not read yet), or
// that is not of the fast form, gives ok false and is left to lineSpan
// and fastLine, which decide it as before.
func fastLineAt(b []byte, start int, sep byte, out []fastCell, skip []bool) (next int, ok bool) {
	i, ok := fastCells(b, start, len(b), sep, out, skip)
	if !ok || i >= len(b) {
		return 0, false
	}
	switch {
	case b[i] == '\n':
		return i + 1, true
	case b[i] == '\r' && i+1 < len(b) && b[i+1] == '\n':
		return i + 2, true
	}
	return 0, false
}

// fastCells parses the cells of the fast form from b[start:] (no further
// than end) into out[:width] and returns the position after the last one.
// A column with skip[c] set (skip may be nil) is one the caller does not
// keep: its cell is not parsed and may hold any ASCII bytes but the
// separator, a quote, '\r', '\n' and NUL — the cells plainSkipped lets the per-cell path
// split as the tokenizer does (≈ 25% less time on the ventilator answers'
// lines, 3 of 8 columns kept: BenchmarkLineFastSkip); out[c] is left as
// it was.
func fastCells(b []byte, start, end int, sep byte, out []fastCell, skip []bool) (int, bool) {
	if sep != ',' && sep != '\t' {
		skip = nil // skipStops knows these two; other separators parse every cell
	}
	i := start
	for c := range out {
		if skip != nil && skip[c] {
			stop := &skipStops[0]
			if sep == '\t' {
				stop = &skipStops[1]
			}
			for i < end && !stop[b[i]] {
				i++
			}
			if c == len(out)-1 {
				return i, true
			}
			if i >= end || b[i] != sep {
				return i, false
			}
			i++
			continue
		}
		neg := false
		if i < end && b[i] == '-' {
			neg = true
			i++
		}
		var man uint64
		var n int
		i, man, n = digitRun(b, i, end, 0)
		if n == 0 {
			return i, false
		}
		if i < end && b[i] == '.' {
			var fd int
			i, man, fd = digitRun(b, i+1, end, man)
			if fd == 0 || n+fd > 19 {
				return i, false
			}
			var f float64
			switch {
			case man == 0:
				f = 0
				if neg {
					f = math.Copysign(0, -1)
				}
			case man <= 1<<53 && fd <= 22:
				f = sign(float64(man)/exactPow10[fd], neg)
			default:
				var ok bool
				if f, ok = eiselLemire(man, -fd, neg); !ok {
					return i, false
				}
			}
			out[c] = fastCell{f: f, isFloat: true}
		} else {
			if n > 18 {
				return i, false
			}
			v := int64(man)
			if neg {
				v = -v
			}
			out[c] = fastCell{i: v, negZero: neg && man == 0}
		}
		if c == len(out)-1 {
			return i, true
		}
		if i >= end || b[i] != sep {
			return i, false
		}
		i++
	}
	return i, false
}
