// Package textnormtest holds the tests the two Text Normalization Challenge
// packages share (conformance with golden member MD5s, prepare errors,
// reference grades, per-block dtype inference); only their tests import it.
package textnormtest
