// Package comptest holds the test helpers the competition packages share:
// reading CSV text as the harness does, checking scores against a
// reference_grade.py's reference_scores.json or cases.json, checking
// prepared files against a reference_prepare.py's golden MD5s, and grading
// malformed submissions that must never panic. Only tests import it.
package comptest
