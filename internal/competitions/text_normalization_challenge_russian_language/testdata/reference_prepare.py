"""Independent reference for text-normalization-challenge-russian-language's
prepare: the English challenge's script, which implements both languages.

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
"""
import os
import runpy
import sys

here = os.path.dirname(os.path.abspath(__file__))
script = os.path.join(here, "..", "text-normalization-challenge-english-language", "reference_prepare.py")
sys.argv = [script, "ru"] + sys.argv[1:]
runpy.run_path(script, run_name="__main__")
