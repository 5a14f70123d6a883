package kaggle

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Sentinel errors, matched with errors.Is against errors returned by the
// [Client].
var (
	// ErrUnauthorized: the server rejected the credentials (HTTP 401).
	// Never retried.
	ErrUnauthorized = errors.New("kaggle: unauthorized")
	// ErrRulesNotAccepted: the account has not accepted the competition's
	// rules (HTTP 403 "You must accept this competition's rules …").
	// There is no API to accept them: the user must open [RulesURL].
	ErrRulesNotAccepted = errors.New("kaggle: competition rules not accepted")
	// ErrNotFound: no such competition, file or kernel (HTTP 404).
	ErrNotFound = errors.New("kaggle: not found")
)

// RulesURL is the page where a competition's rules are accepted.
func RulesURL(competition string) string {
	return "https://www.kaggle.com/c/" + competition + "/rules"
}

// APIError is an unsuccessful HTTP response (or a 200 whose JSON body
// carries an error code, which the legacy API sometimes sends).
//
// It matches [ErrUnauthorized] for status 401, [ErrRulesNotAccepted] for a
// 403 whose body says the rules must be accepted, and [ErrNotFound] for 404.
// Message is the server's message with any credential removed.
type APIError struct {
	Status      int    // HTTP status (or the body's "code")
	Message     string // server's message, redacted; may be empty
	Reason      string // machine-readable reason from the body, e.g. "RulesAcceptanceRequired"
	Competition string // competition the call was about; may be empty
	Op          string // what was being done, e.g. "download all files"
	// RetryAfter is the server's Retry-After, when it sent one.
	RetryAfter time.Duration
	// CredentialSource is where the rejected credentials came from (401 only).
	CredentialSource string
}

// RulesNotAccepted reports whether the error is the "accept the rules"
// refusal.
func (e *APIError) RulesNotAccepted() bool {
	if e.Status != http.StatusForbidden {
		return false
	}
	return e.Reason == "RulesAcceptanceRequired" ||
		strings.Contains(strings.ToLower(e.Message), "accept this competition")
}

// Is implements errors.Is for the package sentinels.
func (e *APIError) Is(target error) bool {
	switch target {
	case ErrUnauthorized:
		return e.Status == http.StatusUnauthorized
	case ErrRulesNotAccepted:
		return e.RulesNotAccepted()
	case ErrNotFound:
		return e.Status == http.StatusNotFound
	}
	return false
}

func (e *APIError) Error() string {
	var b strings.Builder
	b.WriteString("kaggle: ")
	if e.Op != "" {
		b.WriteString(call{op: e.Op, competition: e.Competition}.String() + ": ")
	}
	switch {
	case e.Status == http.StatusUnauthorized:
		b.WriteString("authentication failed (HTTP 401")
		if e.Message != "" {
			b.WriteString(": " + e.Message)
		}
		b.WriteString("): the Kaggle API rejected the credentials")
		if e.CredentialSource != "" {
			b.WriteString(" from " + e.CredentialSource)
		}
		b.WriteString("; " + credentialsHelp)
		return b.String()
	case e.RulesNotAccepted():
		comp := e.Competition
		if comp == "" {
			comp = "<competition>"
		}
		fmt.Fprintf(&b, "you must accept the competition rules before downloading its data: open %s, accept them, then retry (HTTP 403",
			RulesURL(comp))
		if e.Message != "" {
			b.WriteString(": " + e.Message)
		}
		b.WriteString(")")
		return b.String()
	}
	fmt.Fprintf(&b, "HTTP %d %s", e.Status, http.StatusText(e.Status))
	if e.Message != "" && e.Message != http.StatusText(e.Status) {
		b.WriteString(": " + e.Message)
	}
	if e.Status == http.StatusTooManyRequests && e.RetryAfter > 0 {
		fmt.Fprintf(&b, " (server asks to retry after %s)", e.RetryAfter)
	}
	return b.String()
}

// TransportError is a failure below HTTP (connection refused or reset, a
// transfer cut short, a timeout). Its text names the host and path but
// never the query string, which for storage URLs carries a signature.
type TransportError struct {
	Call string // what was being done, e.g. `download all files for competition "x"`
	Op   string // e.g. "GET www.kaggle.com/api/v1/competitions/list"
	Err  error
}

func (e *TransportError) Error() string {
	if e.Call == "" {
		return "kaggle: " + e.Op + ": " + e.Err.Error()
	}
	return "kaggle: " + e.Call + ": " + e.Op + ": " + e.Err.Error()
}
func (e *TransportError) Unwrap() error { return e.Err }
