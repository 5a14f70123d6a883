package kaggle_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/kaggle"
)

func envMap(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func writeKaggleJSON(t *testing.T, dir, content string, mode os.FileMode) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "kaggle.json")
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil { // umask-proof
		t.Fatal(err)
	}
	return p
}

func TestResolveCredentials(t *testing.T) {
	good := fmt.Sprintf(`{"username": %q, "key": %q}`, testUser, testKey)
	type want struct {
		user, key, token, source string
		warn                     bool
		errIs                    error
		errHas                   string
	}
	tests := []struct {
		name  string
		env   map[string]string
		setup func(t *testing.T, home string) map[string]string // extra env
		want  want
	}{
		{
			name: "token env wins over everything",
			env:  map[string]string{"KAGGLE_API_TOKEN": testToken, "KAGGLE_USERNAME": "u", "KAGGLE_KEY": "k"},
			want: want{token: testToken, source: "KAGGLE_API_TOKEN"},
		},
		{
			name: "token from a file named by the env var",
			setup: func(t *testing.T, home string) map[string]string {
				p := filepath.Join(home, "tok")
				os.WriteFile(p, []byte(testToken+"\n"), 0o600)
				return map[string]string{"KAGGLE_API_TOKEN": p}
			},
			want: want{token: testToken, source: "KAGGLE_API_TOKEN file "},
		},
		{
			name: "username and key env",
			env:  map[string]string{"KAGGLE_USERNAME": testUser, "KAGGLE_KEY": testKey},
			want: want{user: testUser, key: testKey, source: "KAGGLE_USERNAME/KAGGLE_KEY"},
		},
		{
			name: "home kaggle.json",
			setup: func(t *testing.T, home string) map[string]string {
				writeKaggleJSON(t, filepath.Join(home, ".kaggle"), good, 0o600)
				return nil
			},
			want: want{user: testUser, key: testKey, source: ".kaggle/kaggle.json"},
		},
		{
			name: "KAGGLE_CONFIG_DIR replaces ~/.kaggle",
			setup: func(t *testing.T, home string) map[string]string {
				writeKaggleJSON(t, filepath.Join(home, ".kaggle"), `{"username":"other","key":"other"}`, 0o600)
				writeKaggleJSON(t, filepath.Join(home, "cfg"), good, 0o600)
				return map[string]string{"KAGGLE_CONFIG_DIR": filepath.Join(home, "cfg")}
			},
			want: want{user: testUser, key: testKey, source: "cfg/kaggle.json"},
		},
		{
			name: "KAGGLE_CONFIG_DIR without kaggle.json does not fall back",
			setup: func(t *testing.T, home string) map[string]string {
				writeKaggleJSON(t, filepath.Join(home, ".kaggle"), good, 0o600)
				return map[string]string{"KAGGLE_CONFIG_DIR": filepath.Join(home, "empty")}
			},
			want: want{errIs: kaggle.ErrNoCredentials, errHas: "empty/kaggle.json"},
		},
		{
			name: "XDG config when ~/.kaggle is absent",
			setup: func(t *testing.T, home string) map[string]string {
				writeKaggleJSON(t, filepath.Join(home, ".config", "kaggle"), good, 0o600)
				return nil
			},
			want: want{user: testUser, key: testKey, source: ".config/kaggle/kaggle.json"},
		},
		{
			name: "env username overrides the file, key from the file",
			setup: func(t *testing.T, home string) map[string]string {
				writeKaggleJSON(t, filepath.Join(home, ".kaggle"), `{"username":"fileuser","key":"`+testKey+`"}`, 0o600)
				return map[string]string{"KAGGLE_USERNAME": testUser}
			},
			want: want{user: testUser, key: testKey, source: "KAGGLE_USERNAME + "},
		},
		{
			name: "group-readable file warns",
			setup: func(t *testing.T, home string) map[string]string {
				writeKaggleJSON(t, filepath.Join(home, ".kaggle"), good, 0o644)
				return nil
			},
			want: want{user: testUser, key: testKey, source: ".kaggle/kaggle.json", warn: true},
		},
		{
			name: "nothing configured",
			want: want{errIs: kaggle.ErrNoCredentials, errHas: "KAGGLE_USERNAME"},
		},
		{
			name: "only the username set",
			env:  map[string]string{"KAGGLE_USERNAME": testUser},
			want: want{errIs: kaggle.ErrNoCredentials, errHas: "KAGGLE_KEY is not set"},
		},
		{
			name: "file without key",
			setup: func(t *testing.T, home string) map[string]string {
				writeKaggleJSON(t, filepath.Join(home, ".kaggle"), `{"username":"u"}`, 0o600)
				return nil
			},
			want: want{errHas: `has no "key"`},
		},
		{
			name: "malformed file",
			setup: func(t *testing.T, home string) map[string]string {
				writeKaggleJSON(t, filepath.Join(home, ".kaggle"), `{"username":"u","key":"`+testKey+`"`, 0o600)
				return nil
			},
			want: want{errHas: "is not a JSON object"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			env := map[string]string{}
			for k, v := range tt.env {
				env[k] = v
			}
			if tt.setup != nil {
				for k, v := range tt.setup(t, home) {
					env[k] = v
				}
			}
			c, warns, err := kaggle.ResolveCredentials(envMap(env), home)
			if tt.want.errIs != nil || tt.want.errHas != "" {
				if err == nil {
					t.Fatalf("got %v, want an error", c)
				}
				if tt.want.errIs != nil && !errors.Is(err, tt.want.errIs) {
					t.Errorf("err = %v, want %v", err, tt.want.errIs)
				}
				if !strings.Contains(err.Error(), tt.want.errHas) {
					t.Errorf("err %q lacks %q", err, tt.want.errHas)
				}
				if strings.Contains(err.Error(), testKey) {
					t.Errorf("err %q reveals the key", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Username != tt.want.user || c.Key != tt.want.key || c.Token != tt.want.token {
				t.Errorf("got user %q key %q token %q", c.Username, c.Key, c.Token)
			}
			if !strings.Contains(c.Source, tt.want.source) {
				t.Errorf("source %q lacks %q", c.Source, tt.want.source)
			}
			if tt.want.warn != (len(warns) > 0) {
				t.Errorf("warnings = %q", warns)
			}
			if tt.want.warn && !strings.Contains(warns[0], "chmod 600") {
				t.Errorf("warning %q does not say how to fix it", warns[0])
			}
		})
	}
}

func TestNewFromEnv(t *testing.T) {
	home := t.TempDir()
	writeKaggleJSON(t, filepath.Join(home, ".kaggle"), fmt.Sprintf(`{"username":%q,"key":%q}`, testUser, testKey), 0o640)
	c, err := kaggle.NewFromEnv(envMap(nil), home)
	if err != nil {
		t.Fatal(err)
	}
	if c.BaseURL != kaggle.DefaultBaseURL || c.Creds.Username != testUser || len(c.Warnings) != 1 {
		t.Errorf("client = %v, warnings %q", c, c.Warnings)
	}
	c, err = kaggle.NewFromEnv(envMap(map[string]string{"MLEBENCH_KAGGLE_URL": "http://127.0.0.1:9/api/v1"}), home)
	if err != nil || c.BaseURL != "http://127.0.0.1:9/api/v1" {
		t.Fatalf("override: %v %v", c, err)
	}
	for _, bad := range []string{"ftp://x", "not a url", "http://user:pw@host/api"} {
		if _, err := kaggle.NewFromEnv(envMap(map[string]string{"MLEBENCH_KAGGLE_URL": bad}), home); err == nil {
			t.Errorf("base URL %q accepted", bad)
		}
	}
	if _, err := kaggle.NewFromEnv(envMap(nil), t.TempDir()); !errors.Is(err, kaggle.ErrNoCredentials) {
		t.Errorf("empty home: %v", err)
	}
}
