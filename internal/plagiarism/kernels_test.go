package plagiarism

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/kaggle"
	"github.com/mlebench/mlebench/internal/kaggle/kaggletest"
)

func notebook(cells ...string) string {
	var parts []string
	for _, c := range cells {
		typ, src, _ := strings.Cut(c, ":")
		lines := strings.SplitAfter(src, "\n")
		q := make([]string, len(lines))
		for i, l := range lines {
			q[i] = pyRepr(l)
			q[i] = `"` + strings.ReplaceAll(strings.ReplaceAll(q[i][1:len(q[i])-1], `"`, `\"`), `\'`, `'`) + `"`
		}
		parts = append(parts, `{"cell_type": "`+typ+`", "metadata": {}, "source": [`+strings.Join(q, ", ")+`]}`)
	}
	return `{"cells": [` + strings.Join(parts, ", ") + `], "metadata": {}, "nbformat": 4, "nbformat_minor": 4}`
}

func TestNotebookToScript(t *testing.T) {
	nb := notebook(
		"markdown:# Title\nSome words",
		"code:%matplotlib inline\nimport pandas as pd\n# a comment\n!pip install lightgbm\nfiles = !ls /kaggle/input\nx = 1  # trailing",
		"code:%%time\nmodel.fit(X, y)",
		"raw:not code",
	)
	got, err := NotebookToScript([]byte(nb))
	if err != nil {
		t.Fatal(err)
	}
	want := "\n\nget_ipython().run_line_magic('matplotlib', 'inline')\nimport pandas as pd\nget_ipython().system('pip install lightgbm')\nfiles = get_ipython().getoutput('ls /kaggle/input')\nx = 1  # trailing\n\n\n\nget_ipython().run_cell_magic('time', '', 'model.fit(X, y)')\n\n"
	if got != want {
		t.Errorf("script:\n%q\nwant:\n%q", got, want)
	}
	if _, err := NotebookToScript([]byte("{not json")); err == nil {
		t.Error("a broken notebook converted")
	}
}

func TestDownloadKernels(t *testing.T) {
	srv := kaggletest.New(t)
	srv.AddUser("alice", "k3y-secret")
	srv.AddKernel(kaggletest.Kernel{Ref: "ann/top-notebook", Competition: "spaceship-titanic", TotalVotes: 90,
		Source: notebook("code:import numpy as np\n%time np.zeros(3)")})
	srv.AddKernel(kaggletest.Kernel{Ref: "bob/plain-script", Competition: "spaceship-titanic", TotalVotes: 50, KernelType: "script",
		Source: "print('hi')\n"})
	srv.AddKernel(kaggletest.Kernel{Ref: "cy/broken-notebook", Competition: "spaceship-titanic", TotalVotes: 10, Source: "{oops"})
	srv.AddKernel(kaggletest.Kernel{Ref: "dee/other-comp", Competition: "other", TotalVotes: 99, Source: "{}"})
	c := kaggle.New(srv.URL, kaggle.Credentials{Username: "alice", Key: "k3y-secret", Source: "test"})
	c.HTTPClient = srv.Client()
	c.Sleep = func(ctx context.Context, d time.Duration) error { return ctx.Err() }
	dir := t.TempDir()
	refsPath := filepath.Join(dir, "kernels.txt")
	refs, err := WriteReferences(context.Background(), c, "spaceship-titanic", 2, refsPath)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(refsPath); string(b) != "ann/top-notebook\nbob/plain-script\n" {
		t.Errorf("kernels.txt = %q", b)
	}
	refs = append(refs, "cy/broken-notebook", "ghost/missing-kernel", "../escape")
	kdir := filepath.Join(dir, "kernels")
	var warnings []string
	warn := func(m string) { warnings = append(warnings, m) }
	res, err := DownloadKernels(context.Background(), c, refs, kdir, warn)
	if err != nil {
		t.Fatal(err)
	}
	if res.Downloaded != 3 || res.Converted != 1 || len(res.Missing) != 2 {
		t.Errorf("result %+v", res)
	}
	entries, _ := os.ReadDir(kdir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	// The script keeps Kaggle's name (the original renames notebooks only);
	// the broken notebook is left unconverted.
	if got := strings.Join(names, " "); got != "ann_top-notebook.py cy_broken-notebook.ipynb plain-script.py" {
		t.Errorf("files: %s", got)
	}
	if b, _ := os.ReadFile(filepath.Join(kdir, "ann_top-notebook.py")); string(b) != "\n\nimport numpy as np\nget_ipython().run_line_magic('time', 'np.zeros(3)')\n\n" {
		t.Errorf("converted notebook %q", b)
	}
	joined := strings.Join(warnings, "\n")
	for _, w := range []string{"converting cy_broken-notebook.ipynb", "ghost/missing-kernel", `"../escape" is not a kernel reference`} {
		if !strings.Contains(joined, w) {
			t.Errorf("no warning about %s in:\n%s", w, joined)
		}
	}
	if strings.Contains(joined, "k3y-secret") {
		t.Error("a warning shows the key")
	}
	// Re-running skips what is there: only the still-missing are asked for.
	srv.ResetRequests()
	res, err = DownloadKernels(context.Background(), c, refs[:2], kdir, warn)
	if err != nil || res.Skipped != 1 || res.Downloaded != 1 {
		// plain-script.py is not <owner>_<slug>.py, so the original pulls it again.
		t.Errorf("re-run: %+v %v", res, err)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("re-run made %d requests, want 1", n)
	}
}
