package plagiarism

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/mlebench/mlebench/internal/kaggle"
)

// WriteReferences lists a competition's kernels by vote count (one page of
// max) and writes their refs to path, one "owner/slug" a line, as the
// original's download_kernel_references.py does.
func WriteReferences(ctx context.Context, c *kaggle.Client, competitionID string, max int, path string) ([]string, error) {
	ks, err := c.ListKernels(ctx, kaggle.KernelListOptions{Competition: competitionID, SortBy: "voteCount", PageSize: max})
	if err != nil {
		return nil, fmt.Errorf("listing %s's kernels: %w", competitionID, err)
	}
	var b strings.Builder
	refs := make([]string, 0, len(ks))
	for _, k := range ks {
		refs = append(refs, k.Ref)
		b.WriteString(k.Ref + "\n")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	return refs, os.WriteFile(path, []byte(b.String()), 0o644)
}

// ReadReferences reads a kernels.txt.
func ReadReferences(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var refs []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if r := strings.TrimSpace(sc.Text()); r != "" {
			refs = append(refs, r)
		}
	}
	return refs, sc.Err()
}

// DownloadResult says what a kernel download did.
type DownloadResult struct {
	Downloaded, Skipped, Converted int
	Missing                        []string // refs not obtained
}

// DownloadKernels pulls every ref into dir unless <owner>_<slug>.py or
// .ipynb is there already, as the original's download_kernels.py does: a
// pulled notebook is saved as <owner>_<slug>.ipynb, a script under the name
// Kaggle gives it (<slug>.py); a 403 is a warning. Then every notebook in dir
// is converted to <owner>_<slug>.py ([NotebookToScript]) and deleted.
// Downloads already made are kept when a later one fails, so a re-run
// resumes.
func DownloadKernels(ctx context.Context, c *kaggle.Client, refs []string, dir string, warn func(string)) (DownloadResult, error) {
	var res DownloadResult
	if warn == nil {
		warn = func(string) {}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return res, err
	}
	for _, ref := range refs {
		owner, slug, ok := strings.Cut(ref, "/")
		if !ok || owner == "" || slug == "" || strings.ContainsAny(slug, `/\`) || strings.ContainsAny(owner, `/\`) || owner == ".." || slug == ".." {
			warn(fmt.Sprintf("%q is not a kernel reference (owner/slug); skipped", ref))
			res.Missing = append(res.Missing, ref)
			continue
		}
		base := filepath.Join(dir, owner+"_"+slug)
		if exists(base+".py") || exists(base+".ipynb") {
			res.Skipped++
			continue
		}
		k, err := c.PullKernel(ctx, ref)
		if err != nil {
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			var ae *kaggle.APIError
			if errors.As(err, &ae) && ae.Status == http.StatusForbidden {
				warn(fmt.Sprintf("%s: access denied (403); skipped", ref))
			} else {
				warn(fmt.Sprintf("%s: %v", ref, err))
			}
			res.Missing = append(res.Missing, ref)
			continue
		}
		name := k.FileName()
		if strings.HasSuffix(name, ".ipynb") {
			name = owner + "_" + slug + ".ipynb"
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(k.Source), 0o644); err != nil {
			return res, fmt.Errorf("saving %s: %w", ref, err)
		}
		res.Downloaded++
	}
	notebooks, _ := filepath.Glob(filepath.Join(dir, "*.ipynb"))
	sort.Strings(notebooks)
	for _, nb := range notebooks {
		py := strings.TrimSuffix(nb, ".ipynb") + ".py"
		src, err := os.ReadFile(nb)
		if err == nil {
			var script string
			script, err = NotebookToScript(src)
			if err == nil {
				err = os.WriteFile(py, []byte(script), 0o644)
			}
		}
		if err != nil {
			os.Remove(py)
			warn(fmt.Sprintf("converting %s: %v", filepath.Base(nb), err))
			continue
		}
		os.Remove(nb)
		res.Converted++
	}
	for _, m := range res.Missing {
		warn(fmt.Sprintf("kernel not obtained: %s", m))
	}
	return res, nil
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return !errors.Is(err, fs.ErrNotExist)
}

// NotebookToScript exports a notebook's code cells as a Python script the
// way `jupyter nbconvert --to script` does for a Python notebook (IPython
// magics and shell escapes become get_ipython() calls, markdown becomes
// comments), then drops every line whose trimmed text starts with "#", as
// the original does after converting.
func NotebookToScript(src []byte) (string, error) {
	var nb struct {
		Cells []struct {
			CellType string          `json:"cell_type"`
			Source   json.RawMessage `json:"source"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(src, &nb); err != nil {
		return "", fmt.Errorf("not a notebook: %w", err)
	}
	var out strings.Builder
	for _, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		var text string
		var lines []string
		if json.Unmarshal(c.Source, &lines) == nil {
			text = strings.Join(lines, "")
		} else if err := json.Unmarshal(c.Source, &text); err != nil {
			return "", fmt.Errorf("a cell's source is neither a string nor a list of strings")
		}
		out.WriteString("\n\n")
		out.WriteString(transformIPython(text))
		out.WriteString("\n\n")
	}
	var kept []string
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		kept = append(kept, line)
	}
	return strings.Join(kept, "\n"), nil
}

var (
	lineMagic   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\s*)%(\w+)\s*(.*)$`) })
	shellEscape = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\s*)!(.*)$`) })
	assignShell = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\s*[\w.,\s]+=\s*)!(.*)$`) })
	assignMagic = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\s*[\w.,\s]+=\s*)%(\w+)\s*(.*)$`) })
)

// pyRepr is Python's repr of a str (single quotes unless the text holds one
// and no double quote).
func pyRepr(s string) string {
	q := "'"
	if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
		q = `"`
	}
	var b strings.Builder
	b.WriteString(q)
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case string(r) == q:
			b.WriteString(`\` + q)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteString(q)
	return b.String()
}

// transformIPython rewrites IPython syntax as IPython's input transformer
// does: cell magics, line magics, shell escapes and their assignment forms.
func transformIPython(cell string) string {
	if strings.HasPrefix(cell, "%%") {
		first, body, _ := strings.Cut(cell, "\n")
		name, args, _ := strings.Cut(strings.TrimPrefix(first, "%%"), " ")
		return fmt.Sprintf("get_ipython().run_cell_magic(%s, %s, %s)", pyRepr(name), pyRepr(strings.TrimSpace(args)), pyRepr(body))
	}
	lines := strings.Split(cell, "\n")
	for i, l := range lines {
		switch {
		case assignShell().MatchString(l):
			m := assignShell().FindStringSubmatch(l)
			lines[i] = m[1] + "get_ipython().getoutput(" + pyRepr(m[2]) + ")"
		case assignMagic().MatchString(l):
			m := assignMagic().FindStringSubmatch(l)
			lines[i] = m[1] + "get_ipython().run_line_magic(" + pyRepr(m[2]) + ", " + pyRepr(m[3]) + ")"
		case lineMagic().MatchString(l):
			m := lineMagic().FindStringSubmatch(l)
			lines[i] = m[1] + "get_ipython().run_line_magic(" + pyRepr(m[2]) + ", " + pyRepr(m[3]) + ")"
		case shellEscape().MatchString(l):
			m := shellEscape().FindStringSubmatch(l)
			lines[i] = m[1] + "get_ipython().system(" + pyRepr(m[2]) + ")"
		}
	}
	return strings.Join(lines, "\n")
}
