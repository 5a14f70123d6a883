"""Coefficients of metric.Acos's polynomial (acos.go), in exact arithmetic.

asin(s) = s + s^3 * Q(s^2), with Q(t) = sum_n c_{n+1} t^n and
c_k = (2k)! / (4^k (k!)^2 (2k+1)) (the Taylor series of asin). Q's series,
taken to degree 90, is moved to t in [0, 1/4] (s in [0, 1/2]), written in
Chebyshev polynomials of that interval, cut to degree 12 (the bound of
what is cut is printed) and written back as powers of t, each rounded to
the nearest float64 once. Run: python3 gen_acos_coefficients.py
"""
from fractions import Fraction as F
from math import comb

N, D = 90, 12


def c(k):
    return F(comb(2 * k, k), 4**k * (2 * k + 1))


q = [c(n + 1) for n in range(N + 1)]
# t = (u + 1) / 8: Q as a polynomial in u on [-1, 1].
b = [F(0)] * (N + 1)
for n, qn in enumerate(q):
    for m in range(n + 1):
        b[m] += qn * comb(n, m) / F(8**n)
# u^m in Chebyshev polynomials T_k(u).
a = [F(0)] * (N + 1)
for m, bm in enumerate(b):
    for j in range(m // 2 + 1):
        k = m - 2 * j
        w = F(comb(m, j), 2 ** (m - 1)) if m > 0 else F(1)
        if k == 0 and m > 0:
            w /= 2
        a[k] += bm * w
cut = sum(abs(x) for x in a[D + 1 :])
# T_k back to powers of u, then u = 8t - 1 to powers of t.
T = [[F(1)], [F(0), F(1)]]
for k in range(2, D + 1):
    nxt = [F(0)] + [2 * x for x in T[-1]]
    for i, x in enumerate(T[-2]):
        nxt[i] -= x
    T.append(nxt)
u = [F(0)] * (D + 1)
for k in range(D + 1):
    for i, x in enumerate(T[k]):
        u[i] += a[k] * x
t = [F(0)] * (D + 1)
for m, um in enumerate(u):
    for i in range(m + 1):
        t[i] += um * comb(m, i) * F(8) ** i * F(-1) ** (m - i)
print(f"// degree {D}; the Chebyshev terms cut off sum to at most {float(cut):.3g} on [0, 1/4]")
for i, x in enumerate(t):
    print(f"\t{float(x).hex()}, // t^{i}")
