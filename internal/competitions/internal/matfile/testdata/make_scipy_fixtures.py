"""Writes MAT-files with scipy.io.savemat (a writer independent of ours) for
matfile's reader tests: scipy_v5.mat uncompressed, scipy_v5z.mat with
miCOMPRESSED elements.

    /usr/bin/python3 testdata/make_scipy_fixtures.py testdata
"""
import sys
from pathlib import Path

import numpy as np
import scipy.io

out = Path(sys.argv[1])
labels = np.zeros((1, 3), dtype=[("Name", "O"), ("Begin", "O"), ("End", "O")])
for i, (name, b, e) in enumerate([("vattene", 10, 52), ("ok", 60, 99), ("sonostufo", 120, 170)]):
    labels[0, i] = (name, float(b), float(e))
video = {"NumFrames": 1254.0, "FrameRate": 20.0, "Labels": labels,
         "MaxDepth": np.int32(3000), "Matrix": np.array([[1.5, 2.0, 3.0], [4.0, 5.0, -6.25]])}
data = {
    "Video": video,
    "cells": np.array([["a", np.array([[1, 2]], dtype=np.uint8)]], dtype=object),
    "flag": np.array([[True, False]]),
    "word": "perfetto è",
}
scipy.io.savemat(out / "scipy_v5.mat", data, do_compression=False)
scipy.io.savemat(out / "scipy_v5z.mat", data, do_compression=True)
