// Package pillow reproduces the Pillow image conversions the original's
// preparers and graders use (Image.convert("L")).
package pillow
