package report

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"image/png"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// renderHTML builds a page and writes it to a file in a temporary directory.
func renderHTML(t *testing.T, in Input) (path string, html []byte) {
	t.Helper()
	p, err := Build(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := p.WriteHTML(&buf); err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, buf.Bytes()
}

// externalRef finds anything in a page that could make a browser fetch:
// src/href/action attributes, CSS url() and @import, <link>, <script>.
var externalRef = regexp.MustCompile(`(?i)\s(src|href|action|srcset|poster|data)\s*=|url\(|@import|<link|<script|<iframe|<object|<embed`)

func TestHTMLSelfContained(t *testing.T) {
	for name, in := range map[string]Input{
		"runner":   {RunGroups: []string{runnerToy}, Catalog: toyCatalog(t), Grader: toyGrader(t)},
		"original": {RunGroups: []string{upstreamA, upstreamB}, Catalog: realCatalog(t)},
	} {
		t.Run(name, func(t *testing.T) {
			_, page := renderHTML(t, in)
			if m := externalRef.Find(page); m != nil {
				t.Errorf("page references an external resource: %q", m)
			}
			if !bytes.Contains(page, []byte(`http-equiv="Content-Security-Policy" content="default-src 'none';`)) {
				t.Error("no Content-Security-Policy forbidding fetches")
			}
		})
	}
}

// TestHTMLEscapes feeds hostile competition ids and paths through a
// grading report: the page (text and SVG) must escape them.
func TestHTMLEscapes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), `grp<img src=x>`)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	report := `{"competition_reports": [{"competition_id": "x<script>alert(1)</script>\"&", "score": 0.5, "gold_threshold": 1, "silver_threshold": 0.9, "bronze_threshold": 0.8, "median_threshold": 0.4, "submission_exists": true, "valid_submission": true, "submission_path": "<b>"}]}`
	if err := os.WriteFile(filepath.Join(dir, "a_grading_report.json"), []byte(report), 0o644); err != nil {
		t.Fatal(err)
	}
	_, page := renderHTML(t, Input{RunGroups: []string{dir}})
	for _, bad := range []string{"<script>", "<img src=x>", "<b>"} {
		if bytes.Contains(page, []byte(bad)) {
			t.Errorf("unescaped %q in the page", bad)
		}
	}
	if !bytes.Contains(page, []byte("x&lt;script&gt;alert(1)&lt;/script&gt;")) {
		t.Error("escaped id missing")
	}
	var md bytes.Buffer
	p, _ := Build(context.Background(), Input{RunGroups: []string{dir}})
	if err := p.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| x<script>alert(1)</script>\"& |") {
		t.Errorf("markdown row:\n%s", md.String())
	}
}

// chromiumPath finds Debian's chromium. Without it the browser tests skip,
// unless MLEBENCH_REQUIRE_CHROMIUM is set (CI), when they fail.
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("MLEBENCH_REQUIRE_CHROMIUM") != "" {
		t.Fatal("chromium is required (MLEBENCH_REQUIRE_CHROMIUM is set) but not installed: apt-get install -y --no-install-recommends chromium")
	}
	t.Skip("chromium not installed (apt-get install -y --no-install-recommends chromium); set MLEBENCH_REQUIRE_CHROMIUM=1 to make this a failure")
	return ""
}

// proxyRecorder is an HTTP proxy on the loopback interface that records and
// refuses every request a browser sends through it.
type proxyRecorder struct {
	ln   net.Listener
	mu   sync.Mutex
	reqs []string
}

func newProxyRecorder(t *testing.T) *proxyRecorder {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxyRecorder{ln: ln}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				c.SetDeadline(time.Now().Add(5 * time.Second))
				req, err := http.ReadRequest(bufio.NewReader(c))
				if err != nil {
					return
				}
				p.mu.Lock()
				p.reqs = append(p.reqs, req.Method+" "+req.RequestURI)
				p.mu.Unlock()
				io.WriteString(c, "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
			}()
		}
	}()
	return p
}

func (p *proxyRecorder) requests() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.reqs...)
}

// runChromium runs headless chromium on a file with every request sent to
// the recording proxy.
func runChromium(t *testing.T, bin string, proxy *proxyRecorder, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-dev-shm-usage", "--user-data-dir=" + t.TempDir(),
		"--disable-extensions", "--disable-default-apps", "--no-default-browser-check", "--no-pings",
		"--disable-domain-reliability", "--disable-client-side-phishing-detection", "--disable-breakpad",
		"--disable-features=NetworkTimeServiceQuerying,OptimizationHints,MediaRouter,Translate,AutofillServerCommunication,CertificateTransparencyComponentUpdater",
		"--proxy-server=http://" + proxy.ln.Addr().String(), "--proxy-bypass-list=<-loopback>"}
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Run(); err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			t.Fatalf("chromium timed out\nstderr:\n%s", stderr.String())
		}
		t.Fatalf("chromium: %v\nstderr:\n%s", err, stderr.String())
	}
	return stdout.Bytes()
}

func fileURL(path string) string {
	abs, _ := filepath.Abs(path)
	return "file://" + filepath.ToSlash(abs)
}

// TestHTMLInChromium renders the reports in headless Chromium: the DOM has
// every section, one row per competition, the plots and the numbers; a
// screenshot is a real, non-blank picture of the requested size; and the
// browser requests nothing from the network.
func TestHTMLInChromium(t *testing.T) {
	bin := chromiumPath(t)
	proxy := newProxyRecorder(t)

	// Control: the recorder sees a request a page does make.
	control := filepath.Join(t.TempDir(), "control.html")
	os.WriteFile(control, []byte(`<!DOCTYPE html><html><body><img src="http://report-test.invalid/pixel.png"></body></html>`), 0o644)
	runChromium(t, bin, proxy, "--dump-dom", fileURL(control))
	if reqs := pageRequests(proxy.requests()); len(reqs) == 0 || !strings.Contains(strings.Join(reqs, " "), "report-test.invalid") {
		t.Fatalf("the recording proxy did not see the control page's request (%q); the network check would prove nothing", reqs)
	}
	proxy.mu.Lock()
	proxy.reqs = nil
	proxy.mu.Unlock()

	toyPage, _ := renderHTML(t, Input{RunGroups: []string{runnerToy}, Catalog: toyCatalog(t), Grader: toyGrader(t), Title: "Toy report"})
	dom := string(runChromium(t, bin, proxy, "--dump-dom", fileURL(toyPage)))
	for _, id := range []string{"splits", "competitions", "failures", "anytime", "definitions"} {
		if !strings.Contains(dom, `<section id="`+id+`">`) {
			t.Errorf("section %s missing from the DOM", id)
		}
	}
	if got := strings.Count(dom, "<svg"); got != 4 {
		t.Errorf("%d SVG plots in the DOM, want 4 (splits, pass@k, scores, anytime)", got)
	}
	for _, id := range []string{"toy-acc", "toy-flat", "toy-mae"} {
		if got := strings.Count(dom, `<tr data-competition="`+id+`">`); got != 1 {
			t.Errorf("%d table rows for %s", got, id)
		}
		if !strings.Contains(dom, `<g class="comp-row" data-competition="`+id+`">`) {
			t.Errorf("no plot row for %s", id)
		}
	}
	splitRow := regexp.MustCompile(`<tr data-split="toy">.*?</tr>`).FindString(dom)
	if !strings.Contains(splitRow, `<td class="num any-medal">50.00 ± 16.67</td>`) || !strings.Contains(splitRow, "padded") {
		t.Errorf("split row: %s", splitRow)
	}
	if got := strings.Count(dom, `<circle class="run"`); got != 3 {
		t.Errorf("%d run dots, want 3 (toy-acc 2, toy-mae 1 valid; toy-flat has no scale)", got)
	}
	if got := strings.Count(dom, `<path class="invalid"`); got != 1 {
		t.Errorf("%d no-valid-score marks, want 1 (toy-mae's missing submission)", got)
	}
	if !strings.Contains(dom, `<path class="series" data-split="toy"`) || !strings.Contains(dom, `<tr data-kind="infra"><td>infrastructure</td><td>sandbox failures (final)</td><td class="num">1</td></tr>`) {
		t.Error("anytime series or failure counts missing")
	}

	upPage, _ := renderHTML(t, Input{RunGroups: []string{upstreamA, upstreamB}, Catalog: realCatalog(t)})
	dom = string(runChromium(t, bin, proxy, "--dump-dom", fileURL(upPage)))
	if !strings.Contains(dom, `id="anytime-missing"`) || strings.Count(dom, "<svg") != 3 {
		t.Error("original-layout page: the anytime section should say there are no snapshots, with no curve")
	}
	if !strings.Contains(dom, `<td class="num any-medal">33.33 ± 19.25</td>`) || strings.Count(dom, "<tr data-competition=") != 3 {
		t.Error("original-layout page: numbers or rows missing")
	}

	shot := filepath.Join(t.TempDir(), "shot.png")
	runChromium(t, bin, proxy, "--screenshot="+shot, "--window-size=1280,2000", "--hide-scrollbars", fileURL(toyPage))
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 1280 || b.Dy() != 2000 {
		t.Errorf("screenshot is %dx%d, want 1280x2000", b.Dx(), b.Dy())
	}
	var sum, sum2 float64
	nonWhite, count := 0, 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			l := (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(bl)) / 257
			sum, sum2 = sum+l, sum2+l*l
			if l < 240 {
				nonWhite++
			}
			count++
		}
	}
	m := sum / float64(count)
	sd := math.Sqrt(sum2/float64(count) - m*m)
	if sd < 10 || float64(nonWhite)/float64(count) < 0.02 {
		t.Errorf("screenshot looks blank: luminance sd %.1f, %.1f%% non-white", sd, 100*float64(nonWhite)/float64(count))
	}
	if reqs := pageRequests(proxy.requests()); len(reqs) > 0 {
		t.Errorf("the report made network requests: %q", reqs)
	}
}

// chromiumServices are hosts Chromium itself contacts in the background
// (component updates, sign-in, network time) whatever page it shows, even
// with --disable-background-networking; their requests are not the page's.
var chromiumServices = map[string]bool{
	"accounts.google.com": true, "update.googleapis.com": true, "clients2.google.com": true,
	"clientservices.googleapis.com": true, "safebrowsing.googleapis.com": true,
	"optimizationguide-pa.googleapis.com": true, "content-autofill.googleapis.com": true,
	"redirector.gvt1.com": true, "edgedl.me.gvt1.com": true,
}

// pageRequests drops Chromium's own background requests.
func pageRequests(reqs []string) []string {
	var out []string
	for _, r := range reqs {
		_, target, _ := strings.Cut(r, " ")
		host := target
		if u, err := url.Parse(target); err == nil && u.Host != "" {
			host = u.Host
		}
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		if !chromiumServices[host] {
			out = append(out, r)
		}
	}
	return out
}
