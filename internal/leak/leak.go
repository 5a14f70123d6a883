// Package leak looks for a competition's private answers in what its agents
// can see: the prepared public directory.
//
// A [Scan] reads the answer CSVs of prepared/private and every CSV and file
// name of prepared/public and reports, with the evidence (file, column,
// rows matched):
//   - answers-by-id: a public column that, joined on the answers' id column,
//     holds the test labels (≥ 90% of the answer rows agree);
//   - answers-in-order: a public column of the same length holding the
//     labels row for row (≥ 99%), or the same multiset of values for a label
//     with many distinct values (a sorted or shuffled copy);
//   - hashed-labels: a public column holding MD5, SHA-1 or SHA-256 hex
//     digests of the labels, alone or of id+label (≥ 50% of the rows);
//   - label-in-file-name: public file names that carry a test id and its
//     label (≥ 50% of the test ids that name a file);
//   - known: the leaks the original's README lists as known issues, kept as
//     data in [Known] with their source.
//
// A copy must also agree on more rows than the label's most common value
// covers (a constant column matching a mostly-zero label is no evidence).
// Labels are compared as text after trimming, with numbers in canonical form
// (1, 1.0 and 1e0 are equal). A label column with fewer than 10 rows or a
// single value is not checked (any copy would match it by chance).
//
// Memory: every CSV is streamed (scan.go). The answers are held as one
// 64-bit hash per cell plus a join table (about 8 bytes per answer cell and
// 24 per answer row); public files are read record by record, one file per
// core at a time, keeping counters per column, so the public files' size
// does not matter. Public file names are not held: the tree is walked for
// the set of its path words (8 bytes per distinct word), and walked again
// only when an answer row whose id names a file has a label that could be
// in a path, so the number of public files matters little. Values are compared by hash: two different values
// collide with probability 2^-64 per pair (random seed per scan), the only
// way the findings could differ from comparing the text. `prepare
// --skip-leak-scan` leaves the scan out.
package leak

// KnownLeak is a leak the original documents.
type KnownLeak struct {
	CompetitionID string
	What          string
	Source        string
}

// Known are the leaks of the original's README "Known issues" (v1) that let
// an agent see test labels or make a perfect score trivial.
var Known = []KnownLeak{
	{"multi-modal-gesture-recognition", "public test .mat files leak the test labels", "upstream README known issues; openai/mle-bench issue #77"},
	{"smartphone-decimeter-2022", "public test span_log.nmea files leak information that makes a perfect score trivial", "upstream README known issues; openai/mle-bench issue #93"},
	{"hubmap-kidney-segmentation", "public test {image_id}.json files leak information that makes a near-perfect score trivial", "upstream README known issues"},
	{"random-acts-of-pizza", "the field giver_username_if_known leaks the outcome (trivial perfect prediction)", "upstream README known issues; openai/mle-bench issue #108"},
	{"tensorflow-speech-recognition-challenge", "test-set speaker ids are not disjoint from the train/validation speakers", "upstream README known issues"},
}

// KnownFor returns the known leaks of a competition.
func KnownFor(id string) []KnownLeak {
	var out []KnownLeak
	for _, k := range Known {
		if k.CompetitionID == id {
			out = append(out, k)
		}
	}
	return out
}

// Finding is one leak, with its evidence.
type Finding struct {
	Kind         string `json:"kind"`
	File         string `json:"file,omitempty"`   // relative to prepared/public
	Column       string `json:"column,omitempty"` // the public column
	AnswerFile   string `json:"answer_file,omitempty"`
	AnswerColumn string `json:"answer_column,omitempty"`
	RowsMatched  int    `json:"rows_matched,omitempty"`
	RowsTotal    int    `json:"rows_total,omitempty"`
	Detail       string `json:"detail"`
	Source       string `json:"source,omitempty"` // for known leaks
}

// Report is a competition's scan.
type Report struct {
	CompetitionID string    `json:"competition_id"`
	Findings      []Finding `json:"findings"`
	// Skipped lists files not read (too large), relative to their directory.
	Skipped []string `json:"skipped,omitempty"`
}

// Detected are the findings other than the documented known leaks.
func (r *Report) Detected() []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if f.Kind != "known" {
			out = append(out, f)
		}
	}
	return out
}

// Options bound a scan.
type Options struct {
	// MaxFileBytes skips CSVs larger than this (0: 256 MiB). The scan no
	// longer needs the bound for memory (it streams); it keeps it so that
	// its findings and Skipped list stay those of the whole-table scan.
	MaxFileBytes int64
	// SampleSubmission, when readable, names what agents predict: its first
	// column is the id and the others are the labels looked for, except
	// columns that a public file whose name contains "test" also has (inputs
	// the sample submission repeats, as facebook-recruiting-iii's does). Without it,
	// an answers file's first column is the id and its other columns are
	// labels unless a public file whose name contains "test" has a column of
	// the same name (a feature the answers file keeps).
	SampleSubmission string
}
