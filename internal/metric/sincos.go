package metric

import "math"

// sinCoef and cosCoef are math.Sincos's polynomial coefficients (Cephes'
// sin.c, as Go's math package has them), highest degree first.
var (
	sinCoef = [6]float64{
		1.58962301576546568060e-10, // 0x3de5d8fd1fd19ccd
		-2.50507477628578072866e-8, // 0xbe5ae5e5a9291f5d
		2.75573136213857245213e-6,  // 0x3ec71de3567d48a1
		-1.98412698295895385996e-4, // 0xbf2a01a019bfdf03
		8.33333333332211858878e-3,  // 0x3f8111111110f7d0
		-1.66666666666666307295e-1, // 0xbfc5555555555548
	}
	cosCoef = [6]float64{
		-1.13585365213876817300e-11, // 0xbda8fa49a0861a9b
		2.08757008419747316778e-9,   // 0x3e21ee9d7b4e3f05
		-2.75573141792967388112e-7,  // 0xbe927e4f7eac4bc6
		2.48015872888517045348e-5,   // 0x3efa01a019c844f5
		-1.38888888888730564116e-3,  // 0xbf56c16c16c14f91
		4.16666666666665929218e-2,   // 0x3fa555555555554b
	}
)

// sincosReduceLimit is the |x| below which math.Sincos reduces its argument
// with the three-part π/4 (its reduceThreshold); beyond it, and for 0, NaN
// and ±Inf, Sincos calls math.Sincos.
const sincosReduceLimit = 1 << 29

// Sincos returns math.Sincos(x), bit for bit (TestSincosIsMathSincos): the
// same octant reduction, the same polynomials, the same operations in the
// same order. It exists for speed: math.Sincos branches on the octant
// (swap sin and cos, negate either), and for angles in random order — a
// grader's per-row directions — those branches are mispredicted about half
// the time, which made math.Sincos the largest single cost of grading
// icecube-neutrinos-in-deep-ice. Here the octant's swap and signs are
// applied to the results' bits with masks, without a branch
// (BenchmarkSincos: ≈ 10 against ≈ 20 ns on random angles).
func Sincos(x float64) (sin, cos float64) {
	const (
		pi4A = 7.85398125648498535156e-1  // 0x3fe921fb40000000, π/4 in three parts
		pi4B = 3.77489470793079817668e-8  // 0x3e64442d00000000
		pi4C = 2.69515142907905952645e-15 // 0x3ce8469898cc5170
	)
	if !(math.Abs(x) < sincosReduceLimit) || x == 0 {
		return math.Sincos(x)
	}
	bits := math.Float64bits(x)
	sinSign := bits >> 63 // sin(−x) = −sin(x)
	ax := math.Float64frombits(bits &^ (1 << 63))
	j := uint64(ax * (4 / math.Pi)) // octant of |x|
	j += j & 1                      // map zeros to the origin
	y := float64(j)
	j &= 7
	z := ((ax - y*pi4A) - y*pi4B) - y*pi4C
	upper := j >> 2 // octants 4–7: reflect in the x axis
	j -= upper << 2
	sinSign ^= upper
	cosSign := upper ^ j>>1 // octants 2–3 (after the reflection) negate cos
	zz := z * z
	c := 1.0 - 0.5*zz + zz*zz*((((((cosCoef[0]*zz)+cosCoef[1])*zz+cosCoef[2])*zz+cosCoef[3])*zz+cosCoef[4])*zz+cosCoef[5])
	s := z + z*zz*((((((sinCoef[0]*zz)+sinCoef[1])*zz+sinCoef[2])*zz+sinCoef[3])*zz+sinCoef[4])*zz+sinCoef[5])
	// Octants 1 and 2 swap the two.
	swap := -((j ^ j>>1) & 1)
	sb, cb := math.Float64bits(s), math.Float64bits(c)
	d := (sb ^ cb) & swap
	return math.Float64frombits(sb ^ d ^ sinSign<<63), math.Float64frombits(cb ^ d ^ cosSign<<63)
}
