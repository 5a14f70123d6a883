"""Golden grading cases for text-normalization-challenge-russian-language: the
English challenge's script, which implements both languages.

Usage: python3 reference_grade.py
"""
import os
import runpy
import sys

here = os.path.dirname(os.path.abspath(__file__))
script = os.path.join(here, "..", "text-normalization-challenge-english-language", "reference_grade.py")
sys.argv = [script, "ru"]
runpy.run_path(script, run_name="__main__")
