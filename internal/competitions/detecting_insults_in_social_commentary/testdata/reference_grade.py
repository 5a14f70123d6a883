"""Golden grading values: runs the shared AUROC reference script
(../aerial-cactus-identification/reference_grade.py) with id column Comment and
target Insult.

Usage: python3 reference_grade.py ANSWERS_CSV OUT_DIR
"""
import os
import runpy
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.argv = [sys.argv[0], sys.argv[1], sys.argv[2], "Comment", "Insult"]
runpy.run_path(os.path.join(here, "..", "aerial-cactus-identification", "reference_grade.py"), run_name="__main__")
