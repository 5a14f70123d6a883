"""Writes libm_trig.txt: 3,000 points with glibc's sin, cos, asin (Python's
math module) and the correctly rounded values (mpmath at 300 bits), all as
float.hex(). Run once with Debian's python3:

    /usr/bin/python3 make_trig.py > libm_trig.txt
"""
import math
import random

import mpmath

mpmath.mp.prec = 300
random.seed(5)
for i in range(3000):
    x = random.uniform(-3.3, 3.3) if i % 3 else random.uniform(-1e-3, 1e-3)
    y = random.random() if i % 5 else random.uniform(0.999999, 1.0)
    cr = [float(mpmath.sin(mpmath.mpf(x))), float(mpmath.cos(mpmath.mpf(x))), float(mpmath.asin(mpmath.mpf(y)))]
    libm = [math.sin(x), math.cos(x), math.asin(y)]
    print(" ".join(v.hex() for v in [x, y] + cr + libm))
