// Package dataset prepares competition data the way the original's
// `mlebench prepare` does (harness.md §2): obtain the competition zip,
// check its MD5, extract it into DATA/<id>/raw, run the competition's
// preparer into DATA/<id>/prepared/{public,private}, copy description.md
// into public, verify the MD5s of the prepared files, and delete raw.
//
// Differences from the original, all deliberate:
//
//   - Atomic results. Preparation writes into a sibling directory
//     DATA/<id>/prepared.tmp-<pid> and renames it to prepared only after
//     the description is written and the checksums verified; extraction
//     (and the copy of a --raw directory, when one is made) goes through raw.tmp-<pid> the
//     same way. An interrupted or failed prepare therefore never leaves a
//     directory that passes is_dataset_prepared, nor a half-extracted raw
//     that the next run would take as complete. A per-competition lock
//     (DATA/<id>/.prepare.lock, an flock dropped by the kernel when the
//     process dies) serialises concurrent prepares, and each run first
//     removes the temporary directories of dead runs. A raw directory
//     that was handed to a preparer (which may modify it) is marked by
//     DATA/<id>/.raw-used and rebuilt from its zip before the next
//     prepare. No state is ever put inside public/ or private/.
//   - Offline input. Options.Raw names the competition zip or a directory
//     of already-extracted raw files; without it the zip comes from the
//     [Downloader] (Kaggle) or, when no downloader is configured or the
//     download fails, from the single *.zip already in DATA/<id>.
//   - No wasted work. The original downloads and re-extracts the zip on
//     every run, even when the data is already prepared, only to delete
//     raw again. Here a prepared competition is only re-verified: nothing
//     is downloaded or extracted unless KeepRaw asks for the raw files.
//     The zip is still verified when it is present.
//   - Checksum files. The original writes checksums.yaml into its code
//     tree; a binary cannot, so --overwrite-checksums writes
//     DATA/<id>/checksums.yaml, and later runs verify against that file
//     when it exists (as the original would against its rewritten file),
//     else against the built-in facts.
//   - The leaderboard check (§2.10) is satisfied by the built-in medal
//     thresholds. A leaderboard downloaded by OverwriteLeaderboard goes to
//     DATA/leaderboards/<id>.csv, which grading then uses instead of the
//     built-in thresholds (as the original grades with the file it
//     overwrote).
//   - Unaccepted rules stop the run with the rules URL ([RulesError])
//     instead of the original's interactive browser prompt; Kaggle's
//     Preflight lists every competition still needing it, before any
//     download.
//   - A checksum failure names every mismatching file, then gives the
//     original's unified diff (actual_checksums → expected_checksums).
//
// Checksums are exactly the original's (§2.6): MD5, lowercase hex, of the
// top-level files of public/ and private/ whose names end in .csv, .json,
// .jsonl, .parquet or .bson. MD5s are cached in DATA/.cache/md5.json keyed
// by (path, size, modification time).
package dataset

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/progress"
)

// Downloader fetches a competition's data archive.
type Downloader interface {
	// Download writes the competition's zip into dir (DATA/<id>), normally
	// as <id>.zip, skipping the transfer when an up-to-date copy is there.
	Download(ctx context.Context, id, dir string, p progress.Reporter) error
}

// Service prepares competitions under one data directory.
type Service struct {
	// DataDir is the data root (absolute).
	DataDir string
	// UpstreamDir holds the original's competitions/<id>/description.md,
	// which mlebench does not ship.
	UpstreamDir string
	// Download fetches zips; nil means offline (Options.Raw or an existing
	// zip in DATA/<id> is then required).
	Download Downloader
	// RefreshLeaderboard, when set, runs for Options.OverwriteLeaderboard.
	RefreshLeaderboard func(ctx context.Context, id string) error
	// Log receives the original's INFO/WARNING lines (nil: discarded).
	Log *slog.Logger
	// Progress receives one step per stage (nil: none).
	Progress progress.Reporter
	// Limits bound extraction (zero: archive.DefaultLimits).
	Limits archive.Limits
	// NoCache disables the MD5 cache file.
	NoCache bool
}

// Options are the prepare command's flags for one competition.
type Options struct {
	// Raw is the competition zip, or a directory of extracted raw files,
	// which preparers read in place (copied into DATA/<id>/raw only with
	// KeepRaw, or for a preparer that declares Impl.WritesRaw). Empty:
	// download (or use the zip already in DATA/<id>).
	Raw                  string
	KeepRaw              bool
	OverwriteChecksums   bool
	OverwriteLeaderboard bool
	SkipVerification     bool
}

// Result describes one prepared competition.
type Result struct {
	ID      string `json:"competition_id"`
	Public  string `json:"public_dir"`
	Private string `json:"private_dir"`
	// Prepared is true when the preparer ran; false when the data was
	// already prepared and only re-verified.
	Prepared bool `json:"prepared"`
	// Verified is true when the checksums were compared.
	Verified bool `json:"verified"`
	// Zip is the archive used or verified ("" when none).
	Zip string `json:"zip,omitempty"`
	// ChecksumsFile is the checksums.yaml written by OverwriteChecksums.
	ChecksumsFile string `json:"checksums_file,omitempty"`
}

// Names of the state kept beside public/ and private/.
const (
	lockName          = ".prepare.lock"
	tmpPreparedPrefix = "prepared.tmp-"
	oldPreparedPrefix = "prepared.old-"
	tmpRawPrefix      = "raw.tmp-"
	checksumsName     = "checksums.yaml"
	// rawUsedName marks DATA/<id>/raw as handed to a preparer, which may
	// have modified it (several delete or unpack files in raw).
	rawUsedName = ".raw-used"
)

func (s *Service) log() *slog.Logger {
	if s.Log == nil {
		return slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return s.Log
}

func (s *Service) progress() progress.Reporter { return progress.OrNop(s.Progress) }

func (s *Service) hasher() *Hasher {
	if s.NoCache {
		return &Hasher{}
	}
	return &Hasher{CachePath: filepath.Join(s.DataDir, ".cache", "md5.json")}
}

// DescriptionPath is where the original's description of comp is read.
func (s *Service) DescriptionPath(comp *competition.Competition) string {
	rel, ok := strings.CutPrefix(filepath.ToSlash(comp.Description), "mlebench/")
	if !ok || rel == "" {
		rel = "competitions/" + comp.ID + "/description.md"
	}
	return filepath.Join(s.UpstreamDir, filepath.FromSlash(rel))
}

// Description returns comp's description.md text with universal-newline
// translation (CRLF and CR become LF), as the original reads it.
func (s *Service) Description(comp *competition.Competition) ([]byte, error) {
	help := "mlebench does not ship the original's competition descriptions: pass --upstream-dir DIR or set MLEBENCH_UPSTREAM_DIR to a directory holding competitions/<id>/description.md (the original MLE-bench's mlebench/ directory)"
	if s.UpstreamDir == "" {
		return nil, fmt.Errorf("no description for %s: %s", comp.ID, help)
	}
	p := s.DescriptionPath(comp)
	b, err := os.ReadFile(p)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("description of %s not found at %s: %s", comp.ID, p, help)
		}
		return nil, fmt.Errorf("reading the description of %s: %w", comp.ID, err)
	}
	b = []byte(strings.ReplaceAll(strings.ReplaceAll(string(b), "\r\n", "\n"), "\r", "\n"))
	return b, nil
}

// ExpectedChecksums returns the checksums a prepare of comp is verified
// against and where they come from: DATA/<id>/checksums.yaml when a
// --overwrite-checksums run wrote one, else the built-in facts.
func (s *Service) ExpectedChecksums(comp *competition.Competition) (competition.Checksums, string, error) {
	p := filepath.Join(comp.PathsIn(s.DataDir).Root, checksumsName)
	if _, err := os.Stat(p); err == nil {
		c, err := ReadChecksumsFile(p)
		return c, p, err
	}
	c := comp.Checksums
	if c.Public == nil {
		c.Public = map[string]string{}
	}
	if c.Private == nil {
		c.Private = map[string]string{}
	}
	return c, "built-in checksums", nil
}

// PrepareAll prepares comps in order; the first failure stops the run.
func (s *Service) PrepareAll(ctx context.Context, comps []*competition.Competition, opt Options) ([]*Result, error) {
	if opt.Raw != "" && len(comps) != 1 {
		return nil, fmt.Errorf("a raw input (%s) can only be used to prepare one competition, not %d", opt.Raw, len(comps))
	}
	var out []*Result
	for _, comp := range comps {
		res, err := s.Prepare(ctx, comp, opt)
		if err != nil {
			return out, err
		}
		out = append(out, res)
	}
	return out, nil
}

// Prepare prepares one competition (harness.md §2.3, with the differences
// listed in the package documentation).
func (s *Service) Prepare(ctx context.Context, comp *competition.Competition, opt Options) (*Result, error) {
	res, err := s.prepare(ctx, comp, opt)
	if err != nil {
		var ce *ChecksumError
		var ze *ZipChecksumError
		if errors.As(err, &ce) || errors.As(err, &ze) || errors.Is(err, context.Canceled) {
			return nil, err
		}
		return nil, fmt.Errorf("preparing %s: %w", comp.ID, err)
	}
	return res, nil
}

func (s *Service) prepare(ctx context.Context, comp *competition.Competition, opt Options) (*Result, error) {
	log := s.log().With("competition", comp.ID)
	impl, err := comp.Implemented()
	if err != nil {
		return nil, err
	}
	desc, err := s.Description(comp)
	if err != nil {
		return nil, err
	}
	if err := s.checkLeaderboard(ctx, comp, opt); err != nil {
		return nil, err
	}
	paths := comp.PathsIn(s.DataDir)
	if err := os.MkdirAll(paths.Root, 0o777); err != nil {
		return nil, err
	}
	unlock, err := lockFile(ctx, filepath.Join(paths.Root, lockName), func() {
		log.Info("Waiting for another mlebench prepare of this competition to finish")
	})
	if err != nil {
		return nil, err
	}
	defer unlock()
	if err := cleanStale(paths.Root); err != nil {
		return nil, err
	}

	h := s.hasher()
	defer func() {
		if err := h.Save(); err != nil {
			log.Warn(err.Error())
		}
	}()
	verify := opt.OverwriteChecksums || !opt.SkipVerification
	expected, expectedFrom, err := s.ExpectedChecksums(comp)
	if err != nil {
		return nil, err
	}
	already := !opt.OverwriteChecksums && comp.CheckPrepared(s.DataDir, false) == nil
	rawEmpty := isEmptyDir(paths.Raw)
	rawUsed := filepath.Join(paths.Root, rawUsedName)
	if !rawEmpty && !already && fileExists(rawUsed) {
		// An earlier prepare ran on this raw (and was killed, failed, or
		// kept it): rebuild it from its source when there is one.
		if (opt.Raw != "" && !sameFile(opt.Raw, paths.Raw)) || s.Download != nil || countZips(paths.Root) == 1 {
			log.Info("The raw data was used by an earlier prepare and may have been modified; extracting it again")
			if err := os.RemoveAll(paths.Raw); err != nil {
				return nil, err
			}
			rawEmpty = true
		} else {
			log.Warn(fmt.Sprintf("%s was used by an earlier prepare and may have been modified; if preparing fails, delete it and pass --raw", paths.Raw))
		}
	}
	needRaw := rawEmpty && (!already || opt.KeepRaw)
	res := &Result{ID: comp.ID, Public: paths.Public, Private: paths.Private}

	// Step 4: the zip (or a raw directory).
	var zipPath, rawSrcDir string
	var synthetic bool // the raw directory is fake-raw's
	if opt.Raw != "" {
		abs, err := filepath.Abs(opt.Raw)
		if err != nil {
			return nil, err
		}
		st, err := os.Stat(abs)
		if err != nil {
			return nil, fmt.Errorf("raw input: %w", err)
		}
		if st.IsDir() {
			rawSrcDir = abs
			synthetic = IsSynthetic(abs)
		} else {
			zipPath = abs
		}
		if !rawEmpty && abs != paths.Raw {
			log.Warn(fmt.Sprintf("%s is not empty; using it as the raw data instead of %s (delete it to use %s)", paths.Raw, abs, abs))
		}
	} else {
		zipPath, err = s.locateZip(ctx, comp, paths.Root, needRaw, needRaw && !already, log)
		if err != nil {
			return nil, err
		}
	}
	res.Zip = zipPath
	// A raw directory is read where it is (no copy) unless the raw files
	// are to be kept in DATA/<id>/raw or the preparer writes into its raw
	// directory.
	inPlace := needRaw && rawSrcDir != "" && rawSrcDir != paths.Raw && !opt.KeepRaw && !impl.WritesRaw
	prepPaths := paths
	if inPlace {
		prepPaths.Raw = rawSrcDir
	}

	// Step 5: the zip's MD5.
	var zipMD5 string
	if verify && zipPath != "" {
		st, err := os.Stat(zipPath)
		if err != nil {
			return nil, err
		}
		s.progress().Start("verify "+filepath.Base(zipPath), st.Size())
		zipMD5, err = h.MD5(ctx, zipPath, s.progress())
		s.progress().Done()
		if err != nil {
			return nil, err
		}
		if !opt.OverwriteChecksums && expected.Zip != "" && zipMD5 != expected.Zip {
			ze := &ZipChecksumError{Path: zipPath, Expected: expected.Zip, Actual: zipMD5}
			ze.Hint = "Nothing was extracted or prepared"
			if already {
				ze.Hint = "The prepared data was left as it is"
			}
			if opt.Raw == "" {
				ze.Hint += "; delete the file to download it again."
			} else {
				ze.Hint += "; pass --skip-verification to use this file anyway."
			}
			return nil, ze
		}
	}

	// Step 6: raw.
	if needRaw && !inPlace {
		switch {
		case zipPath != "":
			log.Info("Extracting " + zipPath + " to " + paths.Raw)
			err = s.intoRaw(ctx, paths, func(tmp string) error {
				return archive.Extract(ctx, zipPath, tmp, archive.Options{Limits: s.Limits, Progress: s.progress()})
			})
		case rawSrcDir != "" && rawSrcDir != paths.Raw:
			log.Info("Copying " + rawSrcDir + " to " + paths.Raw)
			err = s.intoRaw(ctx, paths, func(tmp string) error { return copyTree(ctx, rawSrcDir, tmp, s.progress()) })
		}
		if err != nil {
			return nil, err
		}
		if err := os.Remove(rawUsed); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}

	// Steps 7-9.
	if already {
		if verify {
			log.Info("Dataset already prepared; verifying it")
		} else {
			log.Info("Dataset already prepared")
		}
		if err := writeFileAtomic(filepath.Join(paths.Public, "description.md"), desc, paths.Root); err != nil {
			return nil, fmt.Errorf("writing description.md: %w", err)
		}
		if verify {
			if err := s.verify(ctx, comp, h, paths.Public, paths.Private, zipMD5, expected); err != nil {
				var ce *ChecksumError
				if errors.As(err, &ce) {
					ce.Hint = fmt.Sprintf("(verified against the %s.) The prepared data in %s was left as it is: delete that directory and run prepare again to rebuild it.", expectedFrom, filepath.Dir(paths.Public))
				}
				return nil, err
			}
			res.Verified = true
		}
	} else {
		if isEmptyDir(prepPaths.Raw) {
			return nil, fmt.Errorf("no raw data in %s: pass --raw with the competition's zip or a directory of its extracted files, or configure Kaggle API credentials to download it", prepPaths.Raw)
		}
		written, err := s.build(ctx, comp, impl, prepPaths, inPlace, desc, opt, verify, h, zipMD5, expected, expectedFrom, log)
		var ce *ChecksumError
		if errors.As(err, &ce) {
			ce.Synthetic = synthetic
		}
		if err != nil {
			return nil, err
		}
		res.Prepared, res.Verified, res.ChecksumsFile = true, verify, written
	}

	// Step 10.
	if !opt.KeepRaw {
		if err := os.RemoveAll(paths.Raw); err != nil {
			return nil, fmt.Errorf("removing raw data: %w", err)
		}
		os.Remove(rawUsed)
	}
	// Step 11.
	if err := comp.CheckPrepared(s.DataDir, false); err != nil {
		var npe *competition.NotPreparedError
		if errors.As(err, &npe) {
			return nil, fmt.Errorf("the prepared data fails the final check: %s", npe.Reason)
		}
		return nil, err
	}
	log.Info("Data for competition prepared", "public", paths.Public, "private", paths.Private)
	return res, nil
}

// build runs the preparer into a temporary directory, writes the
// description, verifies (or writes) the checksums and renames the result
// to DATA/<id>/prepared. It returns the checksums file it wrote, if any.
func (s *Service) build(ctx context.Context, comp *competition.Competition, impl *competition.Impl, paths competition.Paths, inPlace bool,
	desc []byte, opt Options, verify bool, h *Hasher, zipMD5 string, expected competition.Checksums, expectedFrom string, log *slog.Logger) (string, error) {
	preparedDir := filepath.Dir(paths.Public)
	tmp := filepath.Join(paths.Root, tmpPreparedPrefix+strconv.Itoa(os.Getpid()))
	if err := os.RemoveAll(tmp); err != nil {
		return "", err
	}
	pub, priv := filepath.Join(tmp, filepath.Base(paths.Public)), filepath.Join(tmp, filepath.Base(paths.Private))
	if err := os.MkdirAll(pub, 0o777); err != nil {
		return "", err
	}
	// The answers are readable by their owner only, from the start: no
	// other local user (or sandboxed agent) can read them.
	if err := os.Mkdir(priv, 0o700); err != nil {
		return "", err
	}
	done := false
	defer func() {
		// An interrupted run returns at once: its partial output (millions
		// of files for an image competition, minutes to delete) is left to
		// the next run's cleanStale.
		if !done && ctx.Err() == nil {
			os.RemoveAll(tmp)
		}
	}()

	log.Info("Preparing the dataset", "raw", paths.Raw)
	if !inPlace { // an outside raw directory is never marked: it is not ours
		if err := os.WriteFile(filepath.Join(paths.Root, rawUsedName), nil, 0o644); err != nil {
			return "", err
		}
	}
	s.progress().Start("prepare "+comp.ID, -1)
	err := impl.Prepare(ctx, competition.Dirs{Raw: paths.Raw, Public: pub, Private: priv})
	s.progress().Done()
	if err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", fmt.Errorf("prepare function: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(pub, "description.md"), desc, 0o644); err != nil {
		return "", fmt.Errorf("writing description.md: %w", err)
	}

	var written string
	if verify {
		if opt.OverwriteChecksums {
			actual, err := s.checksums(ctx, comp.ID, h, pub, priv)
			if err != nil {
				return "", err
			}
			actual.Zip = zipMD5
			if actual.Zip == "" {
				actual.Zip = comp.Checksums.Zip
				log.Warn("No zip was verified (raw input is a directory); keeping the built-in zip checksum")
			}
			written = filepath.Join(paths.Root, checksumsName)
			if err := writeFileAtomic(written, MarshalChecksums(actual), ""); err != nil {
				return "", fmt.Errorf("writing %s: %w", written, err)
			}
			log.Info("Wrote checksums (the original writes them into its code tree; mlebench keeps them beside the data)", "path", written)
			expected, err = ReadChecksumsFile(written)
			if err != nil {
				return "", err
			}
			expectedFrom = written
		}
		if err := s.verify(ctx, comp, h, pub, priv, zipMD5, expected); err != nil {
			var ce *ChecksumError
			if errors.As(err, &ce) {
				ce.Hint = fmt.Sprintf("(verified against the %s.) The prepared files were discarded; nothing was left that counts as prepared.", expectedFrom)
			}
			return "", err
		}
	}

	// The original's final assertions, on the result before it goes live.
	for _, d := range []string{pub, priv} {
		if isEmptyDir(d) {
			return "", fmt.Errorf("the prepare function left %s empty", filepath.Base(d))
		}
	}
	for _, rel := range []string{comp.Answers, comp.SampleSubmission} {
		if p, ok := mapInto(rel, comp.ID, tmp); ok {
			if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
				return "", fmt.Errorf("the prepare function did not write %s", rel)
			}
		}
	}

	// Go live: prepared → prepared.old-<pid>, tmp → prepared, drop old.
	old := ""
	if _, err := os.Lstat(preparedDir); err == nil {
		old = filepath.Join(paths.Root, oldPreparedPrefix+strconv.Itoa(os.Getpid()))
		if err := os.Rename(preparedDir, old); err != nil {
			return "", err
		}
	}
	if err := os.Rename(tmp, preparedDir); err != nil {
		return "", err
	}
	done = true
	if old != "" {
		if err := os.RemoveAll(old); err != nil {
			log.Warn("could not remove the previous prepared data", "path", old, "err", err)
		}
	}
	return written, nil
}

// mapInto maps a data-relative path under <id>/prepared/ into dir.
func mapInto(rel, id, dir string) (string, bool) {
	r, ok := strings.CutPrefix(filepath.ToSlash(rel), id+"/prepared/")
	if !ok {
		return "", false
	}
	return filepath.Join(dir, filepath.FromSlash(r)), true
}

func (s *Service) checksums(ctx context.Context, id string, h *Hasher, pub, priv string) (competition.Checksums, error) {
	p := s.progress()
	p.Start("checksums "+id, checksumBytes(pub, priv))
	defer p.Done()
	pubSums, err := h.DirChecksums(ctx, pub, p)
	if err != nil {
		return competition.Checksums{}, err
	}
	privSums, err := h.DirChecksums(ctx, priv, p)
	if err != nil {
		return competition.Checksums{}, err
	}
	return competition.Checksums{Public: pubSums, Private: privSums}, nil
}

// verify compares the checksums of pub and priv (and the zip's, when
// known) with expected.
func (s *Service) verify(ctx context.Context, comp *competition.Competition, h *Hasher, pub, priv, zipMD5 string, expected competition.Checksums) error {
	actual, err := s.checksums(ctx, comp.ID, h, pub, priv)
	if err != nil {
		return err
	}
	actual.Zip = zipMD5
	if err := compareChecksums(comp.ID, actual, expected); err != nil {
		// The error carries the details; logging them too printed them twice.
		s.log().Debug(err.Error())
		return err
	}
	return nil
}

// checkLeaderboard is §2.10 with force = OverwriteLeaderboard.
func (s *Service) checkLeaderboard(ctx context.Context, comp *competition.Competition, opt Options) error {
	if opt.OverwriteLeaderboard {
		if s.RefreshLeaderboard == nil {
			return errors.New("--overwrite-leaderboard needs Kaggle access, which is not configured")
		}
		if err := s.RefreshLeaderboard(ctx, comp.ID); err != nil {
			return err
		}
	}
	if comp.Thresholds == (competition.Thresholds{}) {
		return fmt.Errorf("Leaderboard not found locally for competition `%s`. Please flag this to the developers.", comp.ID)
	}
	return nil
}

// locateZip returns the zip of §2.2: it downloads when a downloader is
// configured and the zip is needed, then requires exactly one *.zip at the
// top of root. When the zip is not required, an existing single zip is
// returned for verification, and none (or several) is fine.
func (s *Service) locateZip(ctx context.Context, comp *competition.Competition, root string, need, required bool, log *slog.Logger) (string, error) {
	if need && s.Download != nil {
		log.Info("Downloading the dataset", "to", root)
		if err := s.Download.Download(ctx, comp.ID, root, s.progress()); err != nil {
			// Offline, or Kaggle refuses: a zip already here will do (its
			// checksum is verified like a downloaded one).
			if ctx.Err() != nil || countZips(root) != 1 {
				return "", err
			}
			log.Warn("Download failed; using the zip already in the competition directory", "err", err)
		}
	}
	zips, err := filepath.Glob(filepath.Join(root, "*.zip"))
	if err != nil {
		return "", err
	}
	var files []string
	for _, z := range zips {
		if st, err := os.Stat(z); err == nil && st.Mode().IsRegular() {
			files = append(files, z)
		}
	}
	switch {
	case len(files) == 1:
		return files[0], nil
	case !required:
		if need {
			log.Warn(fmt.Sprintf("cannot keep the raw files: %d zip files in %s (expected one)", len(files), root))
		}
		return "", nil
	case len(files) == 0 && s.Download == nil:
		return "", fmt.Errorf("no data for %s: pass --raw with the competition's zip (or a directory of its extracted files), put the zip in %s, or configure Kaggle API credentials to download it", comp.ID, root)
	}
	return "", fmt.Errorf("Expected to download a single zip file, but found %d zip files.", len(files))
}

// intoRaw fills paths.Raw through a temporary sibling renamed at the end.
func (s *Service) intoRaw(ctx context.Context, paths competition.Paths, fill func(tmp string) error) error {
	tmp := filepath.Join(paths.Root, tmpRawPrefix+strconv.Itoa(os.Getpid()))
	if err := os.RemoveAll(tmp); err != nil {
		return err
	}
	if err := os.MkdirAll(tmp, 0o777); err != nil {
		return err
	}
	if err := fill(tmp); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	if err := os.RemoveAll(paths.Raw); err != nil { // empty or missing here
		os.RemoveAll(tmp)
		return err
	}
	if err := os.Rename(tmp, paths.Raw); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	return nil
}

// cleanStale removes the temporary directories left by dead runs. The
// caller holds the competition's lock, so none belongs to a live run.
func cleanStale(root string) error {
	entries, err := os.ReadDir(root)
	if err != nil {
		return err
	}
	for _, e := range entries {
		n := e.Name()
		if strings.HasPrefix(n, tmpPreparedPrefix) || strings.HasPrefix(n, oldPreparedPrefix) || strings.HasPrefix(n, tmpRawPrefix) {
			if err := os.RemoveAll(filepath.Join(root, n)); err != nil {
				return fmt.Errorf("removing a stale temporary directory: %w", err)
			}
		}
	}
	return nil
}

func fileExists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// sameFile reports whether a and b name the same existing file.
func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// countZips counts the regular *.zip files at the top of dir.
func countZips(dir string) int {
	zips, _ := filepath.Glob(filepath.Join(dir, "*.zip"))
	n := 0
	for _, z := range zips {
		if st, err := os.Stat(z); err == nil && st.Mode().IsRegular() {
			n++
		}
	}
	return n
}

// isEmptyDir reports whether dir is missing or has no entries.
func isEmptyDir(dir string) bool {
	f, err := os.Open(dir)
	if err != nil {
		return true
	}
	defer f.Close()
	names, _ := f.Readdirnames(1)
	return len(names) == 0
}

// copyTree copies src into dst (which exists): directories, regular files
// and symbolic links, reporting bytes.
// SyntheticMarker is the file `mlebench dev fake-raw` leaves in the
// directory it writes: a raw directory holding it is synthetic data, which
// cannot match the original's checksums. It is never copied into raw/.
const SyntheticMarker = ".mlebench-synthetic-raw"

// IsSynthetic reports whether dir was written by `mlebench dev fake-raw`.
func IsSynthetic(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, SyntheticMarker))
	return err == nil
}

func copyTree(ctx context.Context, src, dst string, p progress.Reporter) error {
	var total int64
	filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				total += info.Size()
			}
		}
		return nil
	})
	p.Start("copy "+filepath.Base(src), total)
	defer p.Done()
	buf := make([]byte, 1<<20)
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil || rel == "." {
			return err
		}
		if rel == SyntheticMarker {
			return nil
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.Mkdir(target, 0o777)
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		case d.Type().IsRegular():
			return copyFile(ctx, path, target, buf, p)
		}
		return nil // sockets, devices: not data
	})
}

func copyFile(ctx context.Context, src, dst string, buf []byte, p progress.Reporter) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	st, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, st.Mode().Perm()|0o200)
	if err != nil {
		return err
	}
	_, err = io.CopyBuffer(&progress.Writer{W: out, P: p}, &ctxReader{ctx, in}, buf)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}
