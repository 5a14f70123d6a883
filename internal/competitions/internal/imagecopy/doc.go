// Package imagecopy reproduces the preparers' file handling of the
// original: the shutil.copy loops that copy images (or any files named by
// ids) from the raw download into public/ and private/ (CopyNamed, CopyFile,
// WithExt), refusing ids that are not plain file names (SafeName), and the
// glob/rglob counts of files by suffix that the preparers assert on
// (CountFiles, CountTopFiles).
package imagecopy
