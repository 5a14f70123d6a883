package grade

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
)

// TestReadSubmissionForKeepsNamedColumns: with SubmissionColumns the
// harness's read of a submission holds just those columns (the rows all
// there); a submission lacking one of them is read whole, and a file the
// whole read fails on (a malformed line, invalid UTF-8 in a column not
// named) fails with the whole read's error.
func TestReadSubmissionForKeepsNamedColumns(t *testing.T) {
	impl := &competition.Impl{ID: "x", TypedRead: true, SubmissionColumns: []string{"Id", "Tags"}}
	whole := &competition.Impl{ID: "x", TypedRead: true}
	dir := t.TempDir()
	for _, c := range []struct {
		name, content string
		columns       string // the read's column names, or "error"
	}{
		{"kept", "Id,Title,Tags\n1,\"a\nb\",x y\n2,c,z\n", "Id,Tags"},
		{"reordered", "Tags,Body,Id\nx,\"q\"\"\",1\n", "Tags,Id"},
		{"lacking", "Id,Title\n1,a\n", "Id,Title"},
		{"malformed", "Id,Title,Tags\n1,a,b\n2,c,d,e\n", "error"},
		{"open quote", "Id,Title,Tags\n1,\"a,b\n", "error"},
		{"invalid utf-8", "Id,Title,Tags\n1,\xff\xfe,b\n", "error"},
		{"invalid utf-8 beside numbers", "Id,Title,Tags\n1,\xff,2\n2,a,3\n", "error"},
		{"empty", "", ""},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".csv")
		if err := os.WriteFile(path, []byte(c.content), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadSubmissionFor(impl, path)
		want, wantErr := ReadSubmissionFor(whole, path)
		if c.columns == "error" {
			if err == nil || wantErr == nil || err.Error() != wantErr.Error() {
				t.Errorf("%s: error %v, want the whole read's %v", c.name, err, wantErr)
			}
			continue
		}
		if err != nil || wantErr != nil {
			t.Fatalf("%s: %v / %v", c.name, err, wantErr)
		}
		if names := strings.Join(got.Names(), ","); names != c.columns {
			t.Errorf("%s: columns %q, want %q", c.name, names, c.columns)
		}
		if got.Len() != want.Len() {
			t.Errorf("%s: %d rows, want %d", c.name, got.Len(), want.Len())
		}
		for _, n := range got.Names() {
			a, _ := got.Col(n)
			b, _ := want.Col(n)
			if a.Kind != b.Kind || a.Len() != b.Len() || strings.Join(a.Text, "|") != strings.Join(b.Text, "|") {
				t.Errorf("%s: column %s differs from the whole read's", c.name, n)
			}
		}
	}
}
