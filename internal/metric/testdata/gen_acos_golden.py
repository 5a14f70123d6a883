"""Golden values for metric.Acos (acos_test.go): arccos at arguments over
[-1, 1] and its edges, each rounded to the nearest float64 from a 60-digit
mpmath value. Run: python3 gen_acos_golden.py > acos_golden.txt
Each line: the argument and arccos of it, as float64 bits in hex."""
import math
import random
import struct

import mpmath

mpmath.mp.dps = 60


def bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


rng = random.Random(20261127)
xs = [0.0, -0.0, 1.0, -1.0, 1e-300, -1e-300, 5e-324]
for v in (0.5, 1.0, 0.7, 0.66):
    up, down = v, v
    for _ in range(4):
        xs += [up, down, -up, -down]
        up, down = math.nextafter(up, 2), math.nextafter(down, -2)
xs = [x for x in xs if -1 <= x <= 1]
xs += [rng.uniform(-1, 1) for _ in range(3000)]
xs += [1 - rng.random() * 2.0 ** -rng.randint(1, 52) for _ in range(500)]
xs += [-(1 - rng.random() * 2.0 ** -rng.randint(1, 52)) for _ in range(500)]
xs += [rng.random() * 2.0 ** -rng.randint(1, 60) for _ in range(250)]
for x in xs:
    y = mpmath.acos(mpmath.mpf(x))
    with mpmath.workprec(53):
        r = float(+y)  # rounded to 53 bits, to nearest
    print(f"{bits(x):016x} {bits(r):016x}")
