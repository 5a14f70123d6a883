package kaggle

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Credentials authenticate against the Kaggle API. Either Token (sent as
// "Authorization: Bearer …") or Username and Key (sent as HTTP Basic) is
// set; when both are, the token wins, as in Kaggle's own kagglesdk.
//
// The secret parts never leave this package in readable form: String and
// GoString redact them, so printing a Credentials (or a Client holding one)
// with any fmt verb is safe.
type Credentials struct {
	Username string
	Key      string
	Token    string
	// Source says where the credentials came from (an environment variable
	// name or a file path). It is shown in error messages; it is not secret.
	Source string
}

// IsZero reports whether no usable credential is present.
func (c Credentials) IsZero() bool {
	return c.Token == "" && (c.Username == "" || c.Key == "")
}

// String describes the credentials without revealing any secret.
func (c Credentials) String() string {
	switch {
	case c.Token != "":
		return fmt.Sprintf("kaggle.Credentials{token: [REDACTED], source: %s}", c.Source)
	case c.Username != "":
		return fmt.Sprintf("kaggle.Credentials{username: %s, key: [REDACTED], source: %s}", c.Username, c.Source)
	default:
		return "kaggle.Credentials{}"
	}
}

// GoString is String, so %#v redacts too.
func (c Credentials) GoString() string { return c.String() }

// secrets lists every string that must never appear in error or log text.
func (c Credentials) secrets() []string {
	var s []string
	if c.Key != "" {
		s = append(s, c.Key, basicAuth(c.Username, c.Key))
	}
	if c.Token != "" {
		s = append(s, c.Token)
	}
	return s
}

// ErrNoCredentials is returned (wrapped) by [ResolveCredentials] when no
// credential source is configured at all.
var ErrNoCredentials = errors.New("kaggle: no API credentials found")

// credentialsHelp is appended to messages about missing or rejected
// credentials.
const credentialsHelp = "configure Kaggle API credentials: set KAGGLE_USERNAME and KAGGLE_KEY " +
	"(or KAGGLE_API_TOKEN), or download kaggle.json from https://www.kaggle.com/settings " +
	"(API, \"Create New Token\") into ~/.kaggle/ (or $KAGGLE_CONFIG_DIR) and run chmod 600 on it"

// Environment variables read by [ResolveCredentials] and [NewFromEnv].
const (
	EnvUsername  = "KAGGLE_USERNAME"
	EnvKey       = "KAGGLE_KEY"
	EnvToken     = "KAGGLE_API_TOKEN"
	EnvConfigDir = "KAGGLE_CONFIG_DIR"
	EnvBaseURL   = "MLEBENCH_KAGGLE_URL"
)

// ResolveCredentials finds Kaggle credentials the way the kaggle CLI does,
// in this order:
//
//  1. KAGGLE_API_TOKEN: the access token itself, or the path of a file that
//     holds it (kagglesdk accepts both);
//  2. KAGGLE_USERNAME and KAGGLE_KEY;
//  3. kaggle.json ({"username": …, "key": …}) in the configuration
//     directory: $KAGGLE_CONFIG_DIR when set (and then only there, as the
//     kaggle CLI 1.6 does), else home/.kaggle, else, when home/.kaggle does
//     not exist, ${XDG_CONFIG_HOME:-home/.config}/kaggle (newer CLIs).
//
// When only one of KAGGLE_USERNAME and KAGGLE_KEY is set, the missing half
// is taken from kaggle.json (environment values override file values, as in
// the kaggle CLI).
//
// env looks up environment variables (os.Getenv in production); home is the
// user's home directory. The returned warnings are for the caller to show
// (the library never prints): currently a kaggle.json readable by group or
// others. No returned error or warning contains a secret.
func ResolveCredentials(env func(string) string, home string) (Credentials, []string, error) {
	if env == nil {
		env = func(string) string { return "" }
	}
	if tok := strings.TrimSpace(env(EnvToken)); tok != "" {
		src := EnvToken
		if st, err := os.Stat(tok); err == nil && st.Mode().IsRegular() {
			// The variable names a file: its value is a path, not a secret.
			src = EnvToken + " file " + tok
			b, err := os.ReadFile(tok)
			if err != nil {
				return Credentials{}, nil, fmt.Errorf("kaggle: reading the access token file named by %s: %w", EnvToken, err)
			}
			tok = strings.TrimSpace(string(b))
			if tok == "" {
				return Credentials{}, nil, fmt.Errorf("kaggle: the access token file named by %s is empty", EnvToken)
			}
		}
		return Credentials{Token: tok, Source: src}, nil, nil
	}

	user, key := env(EnvUsername), env(EnvKey)
	if user != "" && key != "" {
		return Credentials{Username: user, Key: key, Source: EnvUsername + "/" + EnvKey}, nil, nil
	}

	path, tried := configFile(env, home)
	st, err := os.Stat(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			if user != "" || key != "" {
				missing := EnvKey
				if user == "" {
					missing = EnvUsername
				}
				return Credentials{}, nil, fmt.Errorf("%w: %s is not set and %s does not exist; %s",
					ErrNoCredentials, missing, path, credentialsHelp)
			}
			return Credentials{}, nil, fmt.Errorf("%w (looked at %s, %s and %s); %s",
				ErrNoCredentials, EnvToken, EnvUsername+"/"+EnvKey, strings.Join(tried, ", "), credentialsHelp)
		}
		return Credentials{}, nil, fmt.Errorf("kaggle: reading credentials file: %w", err)
	}
	var warnings []string
	if st.Mode().Perm()&0o077 != 0 {
		warnings = append(warnings, fmt.Sprintf(
			"Your Kaggle API key is readable by other users on this system! To fix this, you can run 'chmod 600 %s'", path))
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return Credentials{}, warnings, fmt.Errorf("kaggle: reading credentials file: %w", err)
	}
	var file struct {
		Username *string `json:"username"`
		Key      *string `json:"key"`
	}
	if err := json.Unmarshal(b, &file); err != nil {
		// Do not wrap the decoder error: a syntax error may quote file content.
		return Credentials{}, warnings, fmt.Errorf("kaggle: credentials file %s is not a JSON object like {\"username\": \"…\", \"key\": \"…\"}", path)
	}
	c := Credentials{Source: path}
	if file.Username != nil {
		c.Username = *file.Username
	}
	if file.Key != nil {
		c.Key = *file.Key
	}
	if user != "" {
		c.Username, c.Source = user, EnvUsername+" + "+path
	}
	if key != "" {
		c.Key, c.Source = key, EnvKey+" + "+path
	}
	switch {
	case c.Username == "":
		return Credentials{}, warnings, fmt.Errorf("kaggle: credentials file %s has no \"username\" (and %s is not set)", path, EnvUsername)
	case c.Key == "":
		return Credentials{}, warnings, fmt.Errorf("kaggle: credentials file %s has no \"key\" (and %s is not set)", path, EnvKey)
	}
	return c, warnings, nil
}

// configFile returns the kaggle.json path to use and, for error messages,
// every location considered.
func configFile(env func(string) string, home string) (string, []string) {
	if dir := env(EnvConfigDir); dir != "" {
		p := filepath.Join(dir, "kaggle.json")
		return p, []string{p}
	}
	legacy := filepath.Join(home, ".kaggle")
	p := filepath.Join(legacy, "kaggle.json")
	if _, err := os.Stat(legacy); err == nil {
		return p, []string{p}
	}
	xdg := env("XDG_CONFIG_HOME")
	if xdg == "" {
		xdg = filepath.Join(home, ".config")
	}
	alt := filepath.Join(xdg, "kaggle", "kaggle.json")
	if _, err := os.Stat(alt); err == nil {
		return alt, []string{p, alt}
	}
	return p, []string{p, alt}
}
