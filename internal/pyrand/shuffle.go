package pyrand

// Shuffler is implemented by the three generators: [RandomState] (legacy
// NumPy shuffle), [Generator] (numpy.random.Generator.shuffle) and [Random]
// (Python's random.shuffle). Shuffle(n, swap) performs the generator's
// Fisher–Yates pass over indices n-1 … 1.
type Shuffler interface {
	Shuffle(n int, swap func(i, j int))
}

// ShuffleSlice shuffles x in place exactly as the generator's own shuffle
// would shuffle a sequence of that length (numpy's shuffle(x) /
// random.shuffle(x)).
func ShuffleSlice[T any](s Shuffler, x []T) {
	if rs, ok := s.(*RandomState); ok {
		shuffleLegacy(rs, x)
		return
	}
	s.Shuffle(len(x), func(i, j int) { x[i], x[j] = x[j], x[i] })
}

// Permute returns x reordered by the generator's shuffle, leaving x
// unchanged: the result's element k is x[perm[k]] where perm is the
// generator's permutation(len(x)) (numpy's permutation(x)).
func Permute[T any](s Shuffler, x []T) []T {
	out := append([]T(nil), x...)
	ShuffleSlice(s, out)
	return out
}

// shuffleLegacy is the generic fast path of RandomState.shuffle (no swap
// callback), for large int32/string slices in preparers.
func shuffleLegacy[T any](rs *RandomState, a []T) {
	i := len(a) - 1
	for ; i > 0xFFFFFFFF; i-- {
		j := rs.Interval(uint64(i))
		a[i], a[j] = a[j], a[i]
	}
	mt := &rs.mt
	for ; i > 0; i-- {
		mask := uint32(genMask(uint64(i)))
		var j uint32
		for {
			j = mt.next32() & mask
			if int(j) <= i {
				break
			}
		}
		a[i], a[j] = a[j], a[i]
	}
}
