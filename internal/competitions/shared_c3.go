package competitions

// Shared helpers added by competition helper C3 (identifiers prefixed c3).
//
//   - c3ReadZipCSV reads a CSV member of a raw zip in place, which gives the
//     same table as the original's "extract the zip into raw/, then
//     read_csv(raw/<member>)" without writing into the raw directory;
//   - c3CheckZip is the original's extract() precondition for a zip it
//     extracts but never reads: the file must exist and be a valid zip.

import (
	"archive/zip"
	"fmt"
	"io"

	"github.com/mlebench/mlebench/internal/table"
)

// c3ReadZipCSV reads member (a path inside the archive, slash-separated) of
// the zip at zipPath with the harness's read_csv semantics.
func c3ReadZipCSV(zipPath, member string) (*table.Table, error) {
	data, err := c3ReadZipMember(zipPath, member)
	if err != nil {
		return nil, err
	}
	opt := table.ReadOptions{Path: zipPath + ":" + member}
	t, err := table.ReadBytes(data, opt)
	if err != nil {
		return nil, fmt.Errorf("reading %s from %s: %w", member, zipPath, err)
	}
	return t, nil
}

// c3ReadZipMember returns the uncompressed bytes of member.
func c3ReadZipMember(zipPath, member string) ([]byte, error) {
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", zipPath, err)
	}
	defer zr.Close()
	for _, f := range zr.File {
		if f.Name != member {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("%s: opening member %s: %w", zipPath, member, err)
		}
		defer rc.Close()
		data, err := io.ReadAll(rc)
		if err != nil {
			return nil, fmt.Errorf("%s: reading member %s: %w", zipPath, member, err)
		}
		return data, nil
	}
	return nil, fmt.Errorf("%s: no member %s at the archive root", zipPath, member)
}

// c3CheckZip fails unless path is a readable zip archive.
func c3CheckZip(path string) error {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return fmt.Errorf("extracting %s: %w", path, err)
	}
	return zr.Close()
}
