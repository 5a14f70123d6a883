package report

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// PlagiarismDisplayThreshold is the similarity from which the report marks
// a run as worth a look. The original applies no threshold; this is only
// what the page highlights.
const PlagiarismDisplayThreshold = 0.5

// IntegrityRow is one graded run with what the integrity tools found.
type IntegrityRow struct {
	Group, RunID, CompetitionID string
	Outcome                     string   // e.g. "gold medal", "below median"
	Violations                  []string // questions answered yes, e.g. logs_MANUALLY_WRITING_SUBMISSIONS_QUESTION
	ViolationsChecked           bool
	MaxSimilarity               *float64 // highest similarity to a kernel
	SimilarTo                   string   // that kernel's file name
	Flagged                     bool     // a violation, or similarity ≥ PlagiarismDisplayThreshold
}

// Integrity is what the page shows of detect-violations and
// detect-plagiarism outputs found in the run groups.
type Integrity struct {
	Sources []string // the output files read
	Rows    []IntegrityRow
	Flagged int
}

// findIntegrityFiles lists analysis_*.csv and *_plagiarism_report.jsonl files
// in a run group's directory and its direct subdirectories (e.g. the
// --output-dir given to the detectors, such as <group>/integrity).
func findIntegrityFiles(dir string) (analyses, plagiarism []string) {
	for _, pattern := range []string{"analysis_*.csv", "*/analysis_*.csv"} {
		m, _ := filepath.Glob(filepath.Join(dir, pattern))
		analyses = append(analyses, m...)
	}
	for _, pattern := range []string{"*_plagiarism_report.jsonl", "*/*_plagiarism_report.jsonl"} {
		m, _ := filepath.Glob(filepath.Join(dir, pattern))
		plagiarism = append(plagiarism, m...)
	}
	sort.Strings(analyses)
	sort.Strings(plagiarism)
	return analyses, plagiarism
}

// readViolations reads an analysis CSV: submission_path → the questions
// answered yes. Unreadable files give nothing (the page notes the source
// anyway).
func readViolations(path string) map[string][]string {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	r := csv.NewReader(bufio.NewReader(f))
	r.FieldsPerRecord = -1
	header, err := r.Read()
	if err != nil {
		return nil
	}
	pathCol := -1
	for i, h := range header {
		if h == "submission_path" {
			pathCol = i
		}
	}
	if pathCol < 0 {
		return nil
	}
	out := map[string][]string{}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return out
		}
		if err != nil || pathCol >= len(rec) {
			return out
		}
		yes := []string{}
		for i, h := range header {
			if i < len(rec) && strings.HasSuffix(h, "_binarized") && rec[i] == "True" {
				yes = append(yes, strings.TrimSuffix(h, "_binarized"))
			}
		}
		out[rec[pathCol]] = append(out[rec[pathCol]], yes...)
	}
}

// readPlagiarism reads a plagiarism report's most similar pair.
func readPlagiarism(path string) (best float64, kernel string, ok bool) {
	f, err := os.Open(path)
	if err != nil {
		return 0, "", false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	for sc.Scan() {
		var p struct {
			Left       string  `json:"leftFile"`
			Right      string  `json:"rightFile"`
			Similarity float64 `json:"similarity"`
		}
		if json.Unmarshal(sc.Bytes(), &p) != nil {
			continue
		}
		if !ok || p.Similarity > best {
			best, ok = p.Similarity, true
			kernel = filepath.Base(p.Left)
		}
	}
	return best, kernel, ok
}

// plagiarismReportName is the name detect-plagiarism gives the report of a
// code path.
func plagiarismReportName(codePath string) string {
	abs, err := filepath.Abs(codePath)
	if err != nil {
		abs = codePath
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	}
	return strings.NewReplacer("/", "_", `\`, "_").Replace(abs) + "_plagiarism_report.jsonl"
}

// integrity joins the integrity outputs found in the groups with their
// graded runs. It returns nil when no group has any.
func integrity(groups []*RunGroup) *Integrity {
	var in Integrity
	for _, g := range groups {
		analyses, plag := findIntegrityFiles(g.Dir)
		if len(analyses)+len(plag) == 0 {
			continue
		}
		in.Sources = append(in.Sources, analyses...)
		in.Sources = append(in.Sources, plag...)
		violations := map[string][]string{}
		for _, a := range analyses {
			for p, v := range readViolations(a) {
				violations[p] = append(violations[p], v...)
			}
		}
		byName := map[string]string{}
		for _, p := range plag {
			byName[filepath.Base(p)] = p
		}
		for _, e := range g.Entries {
			row := IntegrityRow{Group: g.Name, CompetitionID: e.CompetitionID, Outcome: runOutcome(e)}
			if e.Run != nil {
				row.RunID = e.Run.ID
			}
			if v, ok := violations[e.SubmissionPath]; ok {
				row.Violations, row.ViolationsChecked = dedupe(sortedCopy(v)), true
			}
			if e.Run != nil {
				if p, ok := byName[plagiarismReportName(filepath.Join(e.Run.Dir, "code"))]; ok {
					if s, k, ok := readPlagiarism(p); ok {
						row.MaxSimilarity, row.SimilarTo = &s, k
					}
				}
			}
			row.Flagged = len(row.Violations) > 0 || (row.MaxSimilarity != nil && *row.MaxSimilarity >= PlagiarismDisplayThreshold)
			if row.Flagged {
				in.Flagged++
			}
			in.Rows = append(in.Rows, row)
		}
	}
	if len(in.Sources) == 0 {
		return nil
	}
	sort.SliceStable(in.Rows, func(i, j int) bool {
		if in.Rows[i].Flagged != in.Rows[j].Flagged {
			return in.Rows[i].Flagged
		}
		return in.Rows[i].CompetitionID < in.Rows[j].CompetitionID
	})
	return &in
}

func sortedCopy(v []string) []string {
	out := append([]string(nil), v...)
	sort.Strings(out)
	return out
}
