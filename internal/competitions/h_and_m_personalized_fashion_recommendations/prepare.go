package h_and_m_personalized_fashion_recommendations

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/table"
)

// columns are the transactions' columns, in the order the original asserts.
var columns = []string{"t_dat", "customer_id", "article_id", "price", "sales_channel_id"}

// The positions of the columns in a record.
const (
	colDate = iota
	colCustomer
	colArticle
	colPrice
	colChannel
)

// numericCols are the columns pandas parses as numbers.
var numericCols = []int{colArticle, colPrice, colChannel}

// checkEvery is how many rows pass between two context checks.
const checkEvery = 1 << 16

// Prepare splits raw/transactions_train.csv at the last 8 calendar days
// and copies the other raw files (see the package documentation).
func Prepare(ctx context.Context, d competition.Dirs) error {
	src := filepath.Join(d.Raw, "transactions_train.csv")
	sc, err := scanTransactions(ctx, src)
	if err != nil {
		return err
	}
	answers, err := splitTransactions(ctx, src, sc, filepath.Join(d.Public, "transactions_train.csv"))
	if err != nil {
		return err
	}
	if err := writeAnswers(filepath.Join(d.Private, "answers.csv"), answers); err != nil {
		return err
	}
	for _, name := range []string{"sample_submission.csv", "articles.csv", "customers.csv"} {
		if err := copyFile(filepath.Join(d.Raw, name), filepath.Join(d.Public, name)); err != nil {
			return err
		}
	}
	return copyTree(ctx, filepath.Join(d.Raw, "images"), filepath.Join(d.Public, "images"))
}

// scan is what the first pass learns: the last date and, per numeric
// column, whether pandas reads it as float64 (a missing cell or a
// non-integer number somewhere) rather than int64.
type scan struct {
	maxDay  int64
	hasDate bool
	isFloat [5]bool // indexed like columns
}

// openTransactions opens the transactions and checks the header.
func openTransactions(path string) (*os.File, *table.Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("raw data: %w", err)
	}
	r := table.NewReader(f)
	r.Path = path
	header, err := r.Header()
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if !slices.Equal(header, columns) {
		f.Close()
		return nil, nil, fmt.Errorf("%s: columns %v, the original asserts %v", path, header, columns)
	}
	return f, r, nil
}

// scanTransactions is the first pass.
func scanTransactions(ctx context.Context, path string) (*scan, error) {
	f, r, err := openTransactions(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := &scan{}
	for n := 0; ; n++ {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
		if n%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		day, ok, err := parseDate(rec[colDate])
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, r.Line(), err)
		}
		if ok && (!sc.hasDate || day > sc.maxDay) {
			sc.maxDay, sc.hasDate = day, true
		}
		for _, c := range numericCols {
			s := rec[c]
			if table.IsNA(s) {
				sc.isFloat[c] = true
				continue
			}
			if _, st := parseInt(s); st == intOK {
				continue
			} else if st == intOverflow {
				return nil, fmt.Errorf("%s line %d: %s %q is beyond the int64 range (unsupported)", path, r.Line(), columns[c], s)
			}
			if _, ok := table.ParseFloat(s); !ok {
				return nil, fmt.Errorf("%s line %d: %s %q is not a number (pandas would read a mixed-type column; unsupported)", path, r.Line(), columns[c], s)
			}
			sc.isFloat[c] = true
		}
	}
	return sc, nil
}

// purchases are the test window's articles per customer, in file order.
type purchases struct {
	index     map[string]int
	customers []string
	articles  [][]string
}

func (p *purchases) add(customer, article string) {
	i, ok := p.index[customer]
	if !ok {
		i = len(p.customers)
		p.index[customer] = i
		p.customers = append(p.customers, customer)
		p.articles = append(p.articles, nil)
	}
	p.articles[i] = append(p.articles[i], article)
}

// splitTransactions is the second pass: it writes every row before the
// cutoff to trainPath as pandas' to_csv would and collects the others.
func splitTransactions(ctx context.Context, path string, sc *scan, trainPath string) (_ *purchases, err error) {
	f, r, err := openTransactions(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out, err := os.Create(trainPath)
	if err != nil {
		return nil, err
	}
	defer func() {
		if cerr := out.Close(); err == nil && cerr != nil {
			err = cerr
		}
	}()
	w := bufio.NewWriterSize(out, 1<<20)
	cutoff := sc.maxDay - 7
	p := &purchases{index: map[string]int{}}
	var line []byte
	w.WriteString(strings.Join(columns, ",") + "\n")
	for n := 0; ; n++ {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
		if n%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		day, ok, err := parseDate(rec[colDate])
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, r.Line(), err)
		}
		if ok && sc.hasDate && day >= cutoff {
			customer := rec[colCustomer]
			if table.IsNA(customer) {
				continue // groupby drops missing keys
			}
			article := "nan"
			if !table.IsNA(rec[colArticle]) {
				article = string(appendNumber(nil, rec[colArticle], sc.isFloat[colArticle]))
			}
			p.add(strings.Clone(customer), article)
			continue
		}
		line = line[:0]
		for c, s := range rec {
			if c > 0 {
				line = append(line, ',')
			}
			switch {
			case table.IsNA(s):
			case c == colDate || c == colCustomer:
				line = appendText(line, s)
			default:
				line = appendNumber(line, s, sc.isFloat[c])
			}
		}
		line = append(line, '\n')
		if _, err := w.Write(line); err != nil {
			return nil, fmt.Errorf("writing %s: %w", trainPath, err)
		}
	}
	if err := w.Flush(); err != nil {
		return nil, fmt.Errorf("writing %s: %w", trainPath, err)
	}
	return p, nil
}

// writeAnswers writes one row per customer (sorted by id) with the
// space-separated articles.
func writeAnswers(path string, p *purchases) error {
	order := make([]int, len(p.customers))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(p.customers[a], p.customers[b]) })
	var b []byte
	b = append(b, "customer_id,prediction\n"...)
	for _, i := range order {
		b = appendText(b, p.customers[i])
		b = append(b, ',')
		b = appendText(b, strings.Join(p.articles[i], " "))
		b = append(b, '\n')
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// appendNumber appends a non-missing numeric cell as pandas writes it: the
// integer for an int64 column, Python's repr of the double for a float64
// one. The cell was validated by the first pass.
func appendNumber(dst []byte, s string, isFloat bool) []byte {
	if !isFloat {
		v, _ := parseInt(s)
		return strconv.AppendInt(dst, v, 10)
	}
	v, ok := table.ParseFloat(s)
	if !ok {
		v = math.NaN()
	}
	return pyfloat.AppendRepr(dst, v)
}

// appendText appends a text cell with Python csv's QUOTE_MINIMAL.
func appendText(dst []byte, s string) []byte {
	plain := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == ',' || c == '"' || c == '\n' || c == '\r' {
			plain = false
			break
		}
	}
	if plain {
		return append(dst, s...)
	}
	dst = append(dst, '"')
	dst = append(dst, strings.ReplaceAll(s, `"`, `""`)...)
	return append(dst, '"')
}

type intStatus uint8

const (
	intOK intStatus = iota
	intInvalid
	intOverflow
)

// parseInt is pandas' integer cell grammar: optional surrounding ASCII
// whitespace, an optional sign, decimal digits, within int64.
func parseInt(s string) (int64, intStatus) {
	t := s
	if len(t) > 0 && (isSpace(t[0]) || isSpace(t[len(t)-1])) {
		t = strings.Trim(t, " \t\n\v\f\r")
	}
	if t == "" {
		return 0, intInvalid
	}
	neg := t[0] == '-'
	if t[0] == '-' || t[0] == '+' {
		t = t[1:]
	}
	if t == "" {
		return 0, intInvalid
	}
	var u uint64
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c < '0' || c > '9' {
			return 0, intInvalid
		}
		if u > (math.MaxUint64-9)/10 {
			return 0, intOverflow
		}
		u = u*10 + uint64(c-'0')
	}
	switch {
	case !neg && u > math.MaxInt64, neg && u > 1<<63:
		return 0, intOverflow
	case neg:
		return int64(-u), intOK
	}
	return int64(u), intOK
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// parseDate parses a YYYY-MM-DD date to days since 1970-01-01; ok is false
// for a missing cell (pandas NaT, which is never in the test window).
func parseDate(s string) (day int64, ok bool, err error) {
	if table.IsNA(s) {
		return 0, false, nil
	}
	bad := func() (int64, bool, error) { return 0, false, fmt.Errorf("t_dat %q is not a YYYY-MM-DD date", s) }
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return bad()
	}
	num := func(t string) (int, bool) {
		v := 0
		for i := 0; i < len(t); i++ {
			if t[i] < '0' || t[i] > '9' {
				return 0, false
			}
			v = v*10 + int(t[i]-'0')
		}
		return v, true
	}
	y, ok1 := num(s[:4])
	m, ok2 := num(s[5:7])
	dd, ok3 := num(s[8:])
	if !ok1 || !ok2 || !ok3 || m < 1 || m > 12 || dd < 1 || dd > daysIn(y, m) {
		return bad()
	}
	return daysFromCivil(y, m, dd), true, nil
}

func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// daysFromCivil is the number of days from 1970-01-01 to y-m-d (proleptic
// Gregorian calendar).
func daysFromCivil(y, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return int64(era)*146097 + int64(doe) - 719468
}

func copyFile(src, dst string) (err error) {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	defer func() {
		if cerr := out.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("copying %s: %w", src, cerr)
		}
	}()
	if _, err := io.Copy(out, in); err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	return nil
}

// copyTree copies the directory tree src to dst (which must not exist), as
// shutil.copytree does for regular files and folders; files are copied on
// up to four goroutines.
func copyTree(ctx context.Context, src, dst string) error {
	st, err := os.Stat(src)
	if err != nil {
		return fmt.Errorf("copying the image tree: %w", err)
	}
	if !st.IsDir() {
		return fmt.Errorf("copying the image tree: %s is not a directory", src)
	}
	if _, err := os.Lstat(dst); err == nil {
		return fmt.Errorf("copying the image tree: %s already exists", dst)
	}
	type job struct{ src, dst string }
	jobs := make(chan job)
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), 4) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				if err := copyFile(j.src, j.dst); err != nil {
					cancel(err)
				}
			}
		}()
	}
	walkErr := filepath.WalkDir(src, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return context.Cause(ctx)
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if e.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		select {
		case jobs <- job{path, target}:
		case <-ctx.Done():
			return context.Cause(ctx)
		}
		return nil
	})
	close(jobs)
	wg.Wait()
	if walkErr != nil {
		return fmt.Errorf("copying the image tree: %w", walkErr)
	}
	if err := context.Cause(ctx); err != nil {
		return err
	}
	return nil
}
