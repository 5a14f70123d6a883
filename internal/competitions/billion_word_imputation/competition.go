// Package billion_word_imputation is the billion-word-imputation competition (the original's
// mlebench/competitions/billion-word-imputation/): its prepare, grade and fake raw data.
//
// billion-word-imputation — spec: ../shared/spec/competitions/billion-word-imputation.md
//
// Quirks reproduced:
//   - a module-level RandomState(0); one uniform() per input line and, for a
//     test line, one randint(1, n-1) (no draw when n = 3);
//   - the hard-coded total of 30,301,028 lines: later lines are ignored, and
//     fewer lines fail the final assert after every output is written;
//   - lines as Python's text-mode iteration gives them: UTF-8, universal
//     newlines (\n, \r\n, lone \r → \n in the train copy), a last line
//     without terminator kept without one; strip()/split() with Python's
//     whitespace (U+001C–U+001F included);
//   - hand-made CSV: always quoted, quotes doubled; the answer keeps the
//     raw internal whitespace, the public sentence is re-joined with single
//     spaces; private/sample_submission.csv = public test_v2.txt;
//   - grading: id/sentence present, same length, ids equal after sorting by
//     id, mean Levenshtein distance over code points (a NaN or non-text
//     sentence is a plain error, as Levenshtein raises on a float).
//
// Grading takes the prepared form of both files (ids row for row alike,
// every sentence text) in one pass of its own, without tables
// (gradefiles.go); anything else is read into tables for Grade.
//
// Differences that no checksum sees: train_v2.txt is read straight from the
// raw zip (not extracted into raw/), and the public zips are written with
// Go's deflate at BestSpeed and a fixed timestamp (Python's zlib level 6
// bytes are not reproducible anyway); member names and contents match.
package billion_word_imputation

import (
	"archive/zip"
	"bufio"
	"compress/flate"
	"io"
	"os"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:         "billion-word-imputation",
	Prepare:    Prepare,
	Grade:      Grade,
	TypedRead:  true,
	FakeRaw:    FakeRaw,
	GradeFiles: gradeFiles,
}

// totalLines is the original's literal line count.
const totalLines = 30_301_028

// writeZipMethod writes a one-member zip at path from r with the given
// method (zip.Deflate at BestSpeed, or zip.Store).
func writeZipMethod(path, member string, r io.Reader, method uint16) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(path)
		}
	}()
	bw := bufio.NewWriterSize(f, 1<<20)
	zw := zip.NewWriter(bw)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, flate.BestSpeed)
	})
	w, err := zw.CreateHeader(&zip.FileHeader{Name: member, Method: method, Modified: zipfile.ModTime})
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, r); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return bw.Flush()
}
