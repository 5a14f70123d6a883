package submission

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestKeepAnswerColumns: the named columns only, as a whole read gives
// them; answers without one of them are read whole.
func TestKeepAnswerColumns(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "answers.csv")
	os.WriteFile(path, []byte("id,f_27,x,target\n1,ABBA,0.5,0\n2,BAAB,1.5,1\n"), 0o644)
	got, err := KeepAnswerColumns("target", "id")(path)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Names(), []string{"id", "target"}) || got.Len() != 2 {
		t.Fatalf("kept %v, %d rows", got.Names(), got.Len())
	}
	if c, _ := got.Col("target"); c.Ints == nil || c.Ints[1] != 1 {
		t.Errorf("target column %+v", c)
	}
	whole, err := KeepAnswerColumns("id", "absent")(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(whole.Names()) != 4 {
		t.Errorf("answers without a named column read as %v, want the whole file", whole.Names())
	}
}
