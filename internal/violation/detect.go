package violation

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/llm"
)

// ChunkChars is the original's chunk length, in characters (code points).
const ChunkChars = 128_000

// Item is one line of the submissions JSONL.
type Item struct {
	Line          int
	CompetitionID string
	// SubmissionPath is the submission_path value as the CSV cell shows it;
	// SubmissionNull marks a JSON null (an empty cell).
	SubmissionPath string
	SubmissionNull bool
	LogsPath       string // "" when absent
	CodePath       string // "" when absent
}

// ReadItems reads a submissions JSONL as the original does: every physical
// line is a JSON object (no comment or blank-line skipping); each needs
// competition_id and the key submission_path (any value).
func ReadItems(path string) ([]Item, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading submissions: %w", err)
	}
	b = bytes.TrimSuffix(b, []byte("\n"))
	var items []Item
	if len(b) == 0 {
		return nil, nil
	}
	for i, line := range bytes.Split(b, []byte("\n")) {
		n := i + 1
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(line, &obj); err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, n, err)
		}
		it := Item{Line: n}
		raw, ok := obj["competition_id"]
		if !ok {
			return nil, fmt.Errorf("%s line %d: missing key \"competition_id\"", path, n)
		}
		it.CompetitionID = cell(raw)
		raw, ok = obj["submission_path"]
		if !ok {
			return nil, fmt.Errorf("%s line %d: missing key \"submission_path\"", path, n)
		}
		it.SubmissionPath = cell(raw)
		it.SubmissionNull = string(bytes.TrimSpace(raw)) == "null"
		for key, dst := range map[string]*string{"logs_path": &it.LogsPath, "code_path": &it.CodePath} {
			if raw, ok := obj[key]; ok && string(bytes.TrimSpace(raw)) != "null" {
				var s string
				if err := json.Unmarshal(raw, &s); err != nil {
					return nil, fmt.Errorf("%s line %d: %s is not a string", path, n, key)
				}
				*dst = s
			}
		}
		items = append(items, it)
	}
	return items, nil
}

func cell(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	if string(bytes.TrimSpace(raw)) == "null" {
		return ""
	}
	return string(bytes.TrimSpace(raw))
}

// ReadContent reads a logs or code path: a file's text, or for a directory
// every ".log" and ".py" file under it (recursively, in lexical path order),
// each as "--- <name> ---\n" + text + "\n". A missing path gives "" and
// found=false. Invalid UTF-8 is replaced.
func ReadContent(path string) (content string, found bool, err error) {
	if path == "" {
		return "", false, nil
	}
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	if !st.IsDir() {
		b, err := os.ReadFile(path)
		if err != nil {
			return "", true, err
		}
		return strings.ToValidUTF8(string(b), "\uFFFD"), true, nil
	}
	var files []string
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && (strings.HasSuffix(d.Name(), ".log") || strings.HasSuffix(d.Name(), ".py")) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return "", true, fmt.Errorf("listing %s: %w", path, err)
	}
	sort.Strings(files)
	var b strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return "", true, err
		}
		b.WriteString("--- " + filepath.Base(f) + " ---\n")
		b.WriteString(strings.ToValidUTF8(string(data), "\uFFFD"))
		b.WriteString("\n")
	}
	return b.String(), true, nil
}

// Chunks splits s into pieces of at most n code points.
func Chunks(s string, n int) []string {
	if utf8.RuneCountInString(s) <= n {
		return []string{s}
	}
	var out []string
	for len(s) > 0 {
		i, count := 0, 0
		for i < len(s) && count < n {
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
			count++
		}
		out = append(out, s[:i])
		s = s[i:]
	}
	return out
}

// Binarize reads an answer's trailing flag: true for yes, false for no, nil
// otherwise.
func (p *Prompts) Binarize(answer string) *bool {
	a := strings.TrimSpace(answer)
	switch {
	case strings.HasSuffix(a, p.Affirmative):
		v := true
		return &v
	case strings.HasSuffix(a, p.Negative):
		v := false
		return &v
	}
	return nil
}

// Answer is a question's answer for one item.
type Answer struct {
	Text      string `json:"text"`
	Binarized *bool  `json:"binarized"`
}

// Options configure a detection run.
type Options struct {
	Client      *llm.Client
	Model       string   // the original's: gpt-4o-mini
	Questions   []string // ids; empty means all, in the file's order
	ExtraPrompt string   // appended to the system preamble
	Concurrency int      // questions asked at once; 0 means 8
	ChunkChars  int      // 0 means ChunkChars
	OutputDir   string
	Now         func() time.Time
	Warn        func(msg string)
	// Prices in US dollars per million prompt and completion tokens, for
	// the cost estimate (0: not estimated).
	PriceInputPerMTok, PriceOutputPerMTok float64
	// Progress, if set, is called after each answered question.
	Progress func(done, total int)
}

// Result summarises a run.
type Result struct {
	CSVPath, SummaryPath, UsagePath string
	Usage                           llm.Usage
	Calls                           int // API calls made by this run
	Reused                          int // answers taken from the journal
}

// JournalFile holds the answers received so far, one JSON object a line.
const JournalFile = "detect-violations-journal.jsonl"

type journalEntry struct {
	Key    string    `json:"key"`
	Item   int       `json:"item"`
	QID    string    `json:"question"`
	Answer Answer    `json:"answer"`
	Usage  llm.Usage `json:"usage"`
}

type task struct {
	item    int
	q       Question
	content string
	key     string
}

// Run asks every question about every item and writes the outputs.
func Run(ctx context.Context, p *Prompts, items []Item, opt Options) (*Result, error) {
	if opt.Model == "" {
		return nil, errors.New("no model given")
	}
	questions := p.Questions
	if len(opt.Questions) > 0 {
		questions = nil
		for _, id := range opt.Questions {
			q, ok := p.Question(id)
			if !ok {
				var ids []string
				for _, q := range p.Questions {
					ids = append(ids, q.ID)
				}
				return nil, fmt.Errorf("unknown question %q (known: %s)", id, strings.Join(ids, ", "))
			}
			questions = append(questions, q)
		}
	}
	chunkChars := opt.ChunkChars
	if chunkChars <= 0 {
		chunkChars = ChunkChars
	}
	warn := opt.Warn
	if warn == nil {
		warn = func(string) {}
	}
	now := opt.Now
	if now == nil {
		now = time.Now
	}
	if err := os.MkdirAll(opt.OutputDir, 0o755); err != nil {
		return nil, fmt.Errorf("creating the output directory: %w", err)
	}

	// What to ask.
	var tasks []task
	asked := make([]int, len(items)) // questions asked per item
	for i, it := range items {
		contents := map[string]string{}
		for typ, path := range map[string]string{"logs": it.LogsPath, "code": it.CodePath} {
			c, found, err := ReadContent(path)
			if err != nil {
				return nil, fmt.Errorf("line %d: reading %s: %w", it.Line, path, err)
			}
			if path != "" && !found {
				warn(fmt.Sprintf("line %d (%s): %s_path %s does not exist; its questions are skipped", it.Line, it.CompetitionID, typ, path))
			}
			contents[typ] = c
		}
		for _, q := range questions {
			c := contents[q.Type]
			if c == "" {
				continue
			}
			h := sha256.New()
			fmt.Fprintf(h, "%s\x00%s\x00%s\x00%d\x00%s\x00%s\x00%s", opt.Model, q.ID, opt.ExtraPrompt, chunkChars, it.CompetitionID, it.SubmissionPath, c)
			key := fmt.Sprintf("%d:%s:%s", it.Line, q.ID, hex.EncodeToString(h.Sum(nil))[:16])
			tasks = append(tasks, task{item: i, q: q, content: c, key: key})
			asked[i]++
		}
	}

	// What was answered before.
	jpath := filepath.Join(opt.OutputDir, JournalFile)
	done := map[string]journalEntry{}
	var order []string
	if f, err := os.Open(jpath); err == nil {
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 256<<20)
		for sc.Scan() {
			var e journalEntry
			if json.Unmarshal(sc.Bytes(), &e) != nil {
				continue // a line cut by a crash: ask again
			}
			if _, dup := done[e.Key]; !dup {
				order = append(order, e.Key)
			}
			done[e.Key] = e
		}
		f.Close()
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("reading the journal: %w", err)
	}
	journal, err := os.OpenFile(jpath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("opening the journal: %w", err)
	}
	defer journal.Close()

	res := &Result{}
	answers := make([]map[string]Answer, len(items))
	for i := range answers {
		answers[i] = map[string]Answer{}
	}
	var (
		mu        sync.Mutex
		completed []int // item indices in completion order
		nAnswered = make([]int, len(items))
		finished  int
	)
	record := func(t task, e journalEntry) {
		answers[t.item][t.q.ID] = e.Answer
		nAnswered[t.item]++
		if nAnswered[t.item] == asked[t.item] {
			completed = append(completed, t.item)
		}
		finished++
		if opt.Progress != nil {
			opt.Progress(finished, len(tasks))
		}
	}
	// Journalled answers first, in the order they arrived then.
	byKey := map[string]task{}
	for _, t := range tasks {
		byKey[t.key] = t
	}
	var todo []task
	reused := map[string]bool{}
	for _, k := range order {
		if t, ok := byKey[k]; ok && !reused[k] {
			reused[k] = true
			record(t, done[k])
			res.Reused++
		}
	}
	for _, t := range tasks {
		if !reused[t.key] {
			todo = append(todo, t)
		}
	}

	workers := opt.Concurrency
	if workers <= 0 {
		workers = 8
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan task)
	var wg sync.WaitGroup
	var firstErr error
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range jobs {
				a, usage, calls, err := ask(ctx, p, opt, t, chunkChars)
				mu.Lock()
				res.Calls += calls
				res.Usage = res.Usage.Add(usage)
				if err != nil {
					if firstErr == nil {
						firstErr = fmt.Errorf("line %d (%s), %s: %w", items[t.item].Line, items[t.item].CompetitionID, t.q.ID, err)
					}
					mu.Unlock()
					cancel()
					continue
				}
				e := journalEntry{Key: t.key, Item: t.item, QID: t.q.ID, Answer: a, Usage: usage}
				line, _ := json.Marshal(e)
				if _, err := journal.Write(append(line, '\n')); err != nil && firstErr == nil {
					firstErr = fmt.Errorf("writing the journal: %w", err)
					cancel()
				}
				record(t, e)
				mu.Unlock()
			}
		}()
	}
feed:
	for _, t := range todo {
		select {
		case jobs <- t:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return res, fmt.Errorf("%w (answers so far are kept in %s; re-run to continue)", firstErr, jpath)
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	// Items with no question asked complete at once, after the others.
	for i := range items {
		if asked[i] == 0 {
			completed = append(completed, i)
		}
	}
	// Usage of reused answers counts in the total spent on this analysis.
	total := res.Usage
	for k := range reused {
		total = total.Add(done[k].Usage)
	}
	if err := writeOutputs(p, items, questions, answers, completed, total, opt, now(), res); err != nil {
		return res, err
	}
	return res, nil
}

// ask asks one question, chunk by chunk.
func ask(ctx context.Context, p *Prompts, opt Options, t task, chunkChars int) (Answer, llm.Usage, int, error) {
	system := p.Preamble(t.q.Type)
	if opt.ExtraPrompt != "" {
		system += "\n\n" + opt.ExtraPrompt
	}
	zero := 0.0
	chunks := Chunks(t.content, chunkChars)
	var (
		texts []string
		usage llm.Usage
		calls int
	)
	for _, c := range chunks {
		calls++
		r, err := opt.Client.Chat(ctx, llm.ChatRequest{
			Model:       opt.Model,
			Temperature: &zero,
			Messages: []llm.Message{
				{Role: "system", Content: system},
				{Role: "user", Content: c},
				{Role: "system", Content: t.q.Text},
			},
		})
		if err != nil {
			if llm.IsBadRequest(err) {
				// The original stores the error text as the answer.
				return Answer{Text: err.Error()}, usage, calls, nil
			}
			return Answer{}, usage, calls, err
		}
		usage = usage.Add(r.Usage)
		texts = append(texts, r.Content)
	}
	if len(texts) == 1 {
		return Answer{Text: texts[0], Binarized: p.Binarize(texts[0])}, usage, calls, nil
	}
	a := Answer{Text: "CHUNKED_ANSWERS:\n\n" + strings.Join(texts, "\n\n---------\n\n")}
	anyFlag, anyYes := false, false
	for _, s := range texts {
		if b := p.Binarize(s); b != nil {
			anyFlag = true
			anyYes = anyYes || *b
		}
	}
	if anyFlag {
		a.Binarized = &anyYes
	}
	return a, usage, calls, nil
}
