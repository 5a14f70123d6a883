// Package archive extracts and writes the archives MLE-bench handles: the
// competition zips Kaggle serves and the zip / 7z files that preparers read
// and write (harness.md §2.7).
//
// Compatibility with the original (Python zipfile / py7zr):
//
//   - A file counts as "compressed" by its final suffix, as pathlib's
//     Path.suffix gives it: .zip .tar .gz .tgz .rar .7z (case-sensitive; a
//     name such as "a.tar.gz" has the suffix ".gz", and ".zip" alone has
//     none). See [IsCompressed].
//   - Only .zip and .7z can actually be extracted; anything else fails with
//     an error matching [ErrUnsupported] ("Unsupported compression format").
//   - Members are extracted under the destination keeping their archive
//     paths. Empty and "." path components are dropped as zipfile does. A
//     member whose path is absolute or contains ".." is refused (zipfile
//     silently rewrites such names; refusing is the safer reading of a path
//     no Kaggle archive contains). Zip member names are taken verbatim (a
//     backslash is an ordinary character on Linux, as in zipfile); 7z names
//     use "\" and "/" alike as separators, as py7zr does.
//   - Existing files are overwritten; a later member with the same name wins.
//   - A zip member marked as a symbolic link is written as a regular file
//     holding the link text (zipfile ignores the mode). A 7z symbolic link
//     is created only when its target stays inside the destination; any
//     other is refused. Extraction never writes through a symbolic link
//     that already exists under the destination.
//   - Permissions and times of extracted files are not restored (zipfile
//     does not restore them either); files are created 0666 &^ umask.
//
// Zip bombs are bounded by [Limits]: the number of members, the declared
// total and per-member sizes, the ratio of the declared total to the archive
// size, the free space of the destination file system, and the bytes
// actually produced (never more than declared). Overlapping zip members
// (the "non-recursive zip bomb" construction) are refused.
//
// Extraction is not atomic: on error, whatever was written stays. Callers
// that need all-or-nothing extract into a temporary directory and rename it.
package archive

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/progress"
)

// ErrUnsupported is matched by the error for an archive format that cannot
// be extracted or written.
var ErrUnsupported = errors.New("Unsupported compression format")

// ErrUnsafe is matched by every refusal of an unsafe archive: a member
// escaping the destination, a symbolic link escape, or a zip bomb.
var ErrUnsafe = errors.New("unsafe archive")

// compressedSuffixes are the original's "is compressed" suffixes. ".tar.gz"
// is listed there too but can never equal a final suffix.
var compressedSuffixes = []string{".zip", ".tar", ".gz", ".tgz", ".tar.gz", ".rar", ".7z"}

// Suffix returns the final suffix of a path's base name as Python's
// pathlib.PurePath.suffix does: the part from the last dot, unless that dot
// starts or ends the name ("" then).
func Suffix(path string) string {
	name := filepath.Base(path)
	i := strings.LastIndexByte(name, '.')
	if 0 < i && i < len(name)-1 {
		return name[i:]
	}
	return ""
}

// IsCompressed reports whether the original treats path as a compressed
// file: its final suffix is one of .zip .tar .gz .tgz .rar .7z.
func IsCompressed(path string) bool {
	s := Suffix(path)
	for _, c := range compressedSuffixes {
		if s == c {
			return true
		}
	}
	return false
}

// Limits bound what one extraction may produce. A zero field takes the
// default of [DefaultLimits]; a negative one disables that check.
type Limits struct {
	// MaxEntries is the largest number of members.
	MaxEntries int64
	// MaxTotalBytes bounds the sum of the members' uncompressed sizes.
	MaxTotalBytes int64
	// MaxFileBytes bounds one member's uncompressed size.
	MaxFileBytes int64
	// MaxRatio bounds uncompressed total / archive size. It is checked only
	// once the total exceeds RatioFloorBytes: a small archive that expands
	// well is harmless. Deflate cannot exceed about 1032:1, so the default
	// never refuses an honest zip.
	MaxRatio float64
	// RatioFloorBytes is the total below which MaxRatio is not checked.
	RatioFloorBytes int64
}

// DefaultLimits are generous enough for every MLE-bench competition (the
// largest Kaggle downloads are a few hundred GB and a few million files).
var DefaultLimits = Limits{
	MaxEntries:      20_000_000,
	MaxTotalBytes:   4 << 40, // 4 TiB
	MaxFileBytes:    1 << 40, // 1 TiB
	MaxRatio:        10_000,
	RatioFloorBytes: 256 << 20,
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	if l.MaxEntries == 0 {
		l.MaxEntries = d.MaxEntries
	}
	if l.MaxTotalBytes == 0 {
		l.MaxTotalBytes = d.MaxTotalBytes
	}
	if l.MaxFileBytes == 0 {
		l.MaxFileBytes = d.MaxFileBytes
	}
	if l.MaxRatio == 0 {
		l.MaxRatio = d.MaxRatio
	}
	if l.RatioFloorBytes == 0 {
		l.RatioFloorBytes = d.RatioFloorBytes
	}
	return l
}

// Options control an extraction.
type Options struct {
	Limits Limits
	// Progress receives one step per archive, counting uncompressed bytes.
	Progress progress.Reporter
	// SkipSpaceCheck disables the comparison of the declared total with the
	// destination's free space.
	SkipSpaceCheck bool
}

// Extract extracts archive (a .zip or .7z, chosen by suffix) into dest,
// creating dest if needed. It is the original's non-recursive extract.
func Extract(ctx context.Context, archive, dest string, opt Options) error {
	_, err := extract(ctx, archive, dest, opt)
	return err
}

// extract returns the declared uncompressed total.
func extract(ctx context.Context, archive, dest string, opt Options) (int64, error) {
	opt.Limits = opt.Limits.withDefaults()
	opt.Progress = progress.OrNop(opt.Progress)
	switch Suffix(archive) {
	case ".zip":
		return extractZip(ctx, archive, dest, opt)
	case ".7z":
		return extract7z(ctx, archive, dest, opt)
	}
	return 0, fmt.Errorf("extracting %s: %w", archive, ErrUnsupported)
}

// member is what the limit checks need to know about one archive member.
type member struct {
	name string
	size uint64
}

// checkLimits applies the entry-count, size, ratio and free-space checks to
// the declared member sizes before anything is written. It returns the
// declared total.
func checkLimits(archive string, archiveSize int64, members []member, dest string, opt Options) (int64, error) {
	l := opt.Limits
	if l.MaxEntries > 0 && int64(len(members)) > l.MaxEntries {
		return 0, fmt.Errorf("%w: %s has %d members, more than the limit of %d", ErrUnsafe, archive, len(members), l.MaxEntries)
	}
	var total uint64
	for _, m := range members {
		if l.MaxFileBytes > 0 && m.size > uint64(l.MaxFileBytes) {
			return 0, fmt.Errorf("%w: %s: member %q declares %d bytes, more than the limit of %d", ErrUnsafe, archive, m.name, m.size, l.MaxFileBytes)
		}
		total += m.size
		if total < m.size || (l.MaxTotalBytes > 0 && total > uint64(l.MaxTotalBytes)) {
			return 0, fmt.Errorf("%w: %s declares more than %d uncompressed bytes in total", ErrUnsafe, archive, l.MaxTotalBytes)
		}
	}
	if l.MaxRatio > 0 && archiveSize > 0 && total > uint64(max(l.RatioFloorBytes, 0)) {
		if ratio := float64(total) / float64(archiveSize); ratio > l.MaxRatio {
			return 0, fmt.Errorf("%w: %s expands %.0f times (%d bytes from %d), more than the limit of %.0f", ErrUnsafe, archive, ratio, total, archiveSize, l.MaxRatio)
		}
	}
	if !opt.SkipSpaceCheck {
		if free, ok := freeSpace(dest); ok && total > free {
			return 0, fmt.Errorf("extracting %s needs %d bytes but %s has only %d bytes free", archive, total, dest, free)
		}
	}
	return int64(total), nil
}

// nearestDir returns dir or its closest existing ancestor.
func nearestDir(dir string) string {
	for {
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return dir
		}
		dir = parent
	}
}
