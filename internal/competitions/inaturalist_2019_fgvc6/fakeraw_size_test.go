package inaturalist_2019_fgvc6

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
)

// Past 12 + 998·5 train images the fake categories grow instead of
// outnumbering the 1,010 ids they are drawn from (which looped forever).
func TestFakeRawManyImagesStaysWithinTheCategoryIDs(t *testing.T) {
	for _, rows := range []int{5065, 5066, 12000} {
		dir := t.TempDir()
		if err := FakeRaw(dir, competition.FakeOptions{Rows: rows}); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, "train2019.json"))
		if err != nil {
			t.Fatal(err)
		}
		var meta struct {
			Images     []struct{ ID int }
			Categories []struct{ ID int }
		}
		if err := json.Unmarshal(b, &meta); err != nil {
			t.Fatal(err)
		}
		if len(meta.Images) != rows {
			t.Errorf("rows %d: %d train images", rows, len(meta.Images))
		}
		if n := len(meta.Categories); n > categoryIDs || n < 12 {
			t.Errorf("rows %d: %d categories, want 12…%d", rows, n, categoryIDs)
		}
		seen := map[int]bool{}
		for _, c := range meta.Categories {
			if seen[c.ID] || c.ID < 0 || c.ID >= categoryIDs {
				t.Errorf("rows %d: category id %d repeated or outside 0…%d", rows, c.ID, categoryIDs-1)
			}
			seen[c.ID] = true
		}
	}
}
