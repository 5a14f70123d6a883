package kaggle_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/kaggle"
	"github.com/mlebench/mlebench/internal/kaggle/kaggletest"
)

// errorTexts renders err every way a caller might, including each error in
// its chain.
func errorTexts(err error) []string {
	if err == nil {
		return nil
	}
	out := []string{err.Error(), fmt.Sprintf("%v", err), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err), fmt.Sprintf("%s", err)}
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		out = append(out, errorTexts(u.Unwrap())...)
	case interface{ Unwrap() []error }:
		for _, e := range u.Unwrap() {
			out = append(out, errorTexts(e)...)
		}
	}
	return out
}

// No credential may appear in any error or log text, whatever fails — even
// when the server quotes the credentials back in its error bodies.
func TestNoCredentialInErrorsOrLogs(t *testing.T) {
	secrets := []string{
		testKey,
		testToken,
		base64.StdEncoding.EncodeToString([]byte(testUser + ":" + testKey)),
		"X-Goog-Signature", // the signed storage URL's query
	}
	var texts []string
	record := func(name string, err error) {
		t.Helper()
		if err == nil {
			t.Errorf("%s: no error", name)
			return
		}
		for _, s := range errorTexts(err) {
			texts = append(texts, name+": "+s)
		}
	}
	ctx := context.Background()
	var logs []*syncBuffer

	// A server that rejects these credentials and echoes them.
	newEcho := func(t *testing.T) *harness {
		h := newHarness(t)
		h.srv.EchoCredentials(true)
		h.client.Retry.MaxAttempts = 3
		logs = append(logs, h.logs)
		return h
	}
	h := newEcho(t)
	h.srv.AddUser(testUser, "the-real-key") // our testKey is now wrong
	record("basic 401", h.client.CheckAuth(ctx))
	_, err := h.client.DownloadAllFiles(ctx, "x", filepath.Join(t.TempDir(), "x.zip"), kaggle.DownloadOptions{})
	record("basic 401 download", err)

	h = newEcho(t)
	h.client.Creds = kaggle.Credentials{Token: testToken + "-unknown", Source: "KAGGLE_API_TOKEN"}
	secrets = append(secrets, testToken+"-unknown")
	record("bearer 401", h.client.CheckAuth(ctx))

	h = newEcho(t)
	h.srv.AddCompetition(kaggletest.Competition{ID: "rules", RulesNotAccepted: true})
	record("rules access", h.client.CompetitionAccess(ctx, "rules"))
	_, err = h.client.DownloadAllFiles(ctx, "rules", filepath.Join(t.TempDir(), "r.zip"), kaggle.DownloadOptions{})
	record("rules download", err)
	record("404", h.client.CompetitionAccess(ctx, "missing"))
	_, err = h.client.PullKernel(ctx, "a/b")
	record("kernel 404", err)

	h.srv.RateLimit(100, "1")
	record("429 exhausted", h.client.CheckAuth(ctx))
	h.srv.RateLimit(0, "")
	h.srv.FailNext(100, 503)
	_, err = h.client.LeaderboardView(ctx, "rules")
	record("503 exhausted", err)
	h.srv.FailNext(0, 0)

	// Transfers cut every time: transport errors name the storage URL.
	h = newEcho(t)
	h.addComp("cut", 100_000)
	h.client.Retry.MaxAttempts = 1
	h.srv.DropNextTransfer(10)
	_, err = h.client.DownloadAllFiles(ctx, "cut", filepath.Join(t.TempDir(), "c.zip"), kaggle.DownloadOptions{})
	record("dropped transfer", err)

	// Nothing listening.
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := l.Addr().String()
	l.Close()
	c := kaggle.New("http://"+addr+"/api/v1", kaggle.Credentials{Username: testUser, Key: testKey})
	c.Retry.MaxAttempts = 2
	buf := &syncBuffer{}
	logs = append(logs, buf)
	c.Logger = slog.New(slog.NewTextHandler(buf, nil))
	c.Sleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
	record("refused", c.CheckAuth(ctx))

	// Credential files that are broken in ways that could quote them.
	home := t.TempDir()
	writeKaggleJSON(t, filepath.Join(home, ".kaggle"), `{"username":"u","key":"`+testKey+`",}`, 0o644)
	_, _, err = kaggle.ResolveCredentials(envMap(nil), home)
	record("malformed kaggle.json", err)
	writeKaggleJSON(t, filepath.Join(home, ".kaggle"), `{"key":"`+testKey+`"}`, 0o600)
	_, _, err = kaggle.ResolveCredentials(envMap(nil), home)
	record("kaggle.json without username", err)
	os.WriteFile(filepath.Join(home, "tokfile"), nil, 0o600)
	_, _, err = kaggle.ResolveCredentials(envMap(map[string]string{"KAGGLE_API_TOKEN": filepath.Join(home, "tokfile")}), home)
	record("empty token file", err)

	// Formatting credentials and clients.
	for _, cr := range []kaggle.Credentials{{Username: testUser, Key: testKey}, {Token: testToken}} {
		cl := kaggle.New("", cr)
		texts = append(texts, fmt.Sprintf("%v %+v %#v %s", cr, cr, cr, cr), fmt.Sprintf("%v %+v", cl, cl), fmt.Sprintf("%+v", *cl))
	}

	for _, b := range logs {
		texts = append(texts, "log: "+b.String())
	}
	if len(texts) < 40 {
		t.Fatalf("only %d texts collected", len(texts))
	}
	var sawEcho, sawRetryLog bool
	for _, s := range texts {
		for _, sec := range secrets {
			if strings.Contains(s, sec) {
				t.Errorf("text reveals %q:\n%s", sec, s)
			}
		}
		sawEcho = sawEcho || strings.Contains(s, "received Authorization: Basic [REDACTED]")
		sawRetryLog = sawRetryLog || (strings.HasPrefix(s, "log: ") && strings.Contains(s, "retrying"))
	}
	// The scan must have looked at the dangerous material.
	if !sawEcho {
		t.Error("no echoed Authorization seen: the echo scenario did not run")
	}
	if !sawRetryLog {
		t.Error("no retry log seen")
	}
}
