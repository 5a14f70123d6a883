package competition

import (
	"fmt"
	"os"
	"path/filepath"
)

// Paths are a competition's locations under a data directory (harness.md §1.3).
type Paths struct {
	Root             string // <data>/<id>: the zip download target
	Raw              string // <data>/<id>/raw
	Public           string // <data>/<id>/prepared/public
	Private          string // <data>/<id>/prepared/private
	Answers          string
	SampleSubmission string
	GoldSubmission   string
}

// PathsIn returns the competition's paths under dataDir.
func (i *Info) PathsIn(dataDir string) Paths {
	root := filepath.Join(dataDir, i.ID)
	return Paths{
		Root:             root,
		Raw:              filepath.Join(root, "raw"),
		Public:           filepath.Join(root, "prepared", "public"),
		Private:          filepath.Join(root, "prepared", "private"),
		Answers:          filepath.Join(dataDir, i.Answers),
		SampleSubmission: filepath.Join(dataDir, i.SampleSubmission),
		GoldSubmission:   filepath.Join(dataDir, i.Gold()),
	}
}

// Dirs returns the preparer's directories.
func (p Paths) Dirs() Dirs { return Dirs{Raw: p.Raw, Public: p.Public, Private: p.Private} }

// NotPreparedError is the original's "not prepared" error. Its text is the
// original's message; Reason says which check failed.
type NotPreparedError struct {
	ID     string
	Reason string
}

func (e *NotPreparedError) Error() string {
	return fmt.Sprintf("Dataset for competition `%s` is not prepared! Please run `mlebench prepare -c %s` to prepare the dataset.", e.ID, e.ID)
}

// CheckPrepared applies the original's is_dataset_prepared checks in order
// (harness.md §2.5) and returns a *NotPreparedError naming the first that
// fails. With gradingOnly the public-data checks are skipped.
func (i *Info) CheckPrepared(dataDir string, gradingOnly bool) error {
	p := i.PathsIn(dataDir)
	fail := func(reason string) error { return &NotPreparedError{ID: i.ID, Reason: reason} }
	if !gradingOnly {
		if !isDir(p.Public) {
			return fail("Public directory does not exist.")
		}
		if isEmptyDir(p.Public) {
			return fail("Public directory is empty.")
		}
	}
	if !isDir(p.Private) {
		return fail("Private directory does not exist.")
	}
	if isEmptyDir(p.Private) {
		return fail("Private directory is empty.")
	}
	if !isFile(p.Answers) {
		return fail("Answers file does not exist.")
	}
	if !gradingOnly && !isFile(p.SampleSubmission) {
		return fail("Sample submission file does not exist.")
	}
	return nil
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

func isEmptyDir(p string) bool {
	f, err := os.Open(p)
	if err != nil {
		return true
	}
	defer f.Close()
	names, _ := f.Readdirnames(1)
	return len(names) == 0
}
