package table

import (
	"strings"
	"testing"
)

// TestOnlyTextMatchesRead: OnlyText(s) holds exactly when a column of the
// one cell s reads as text (not NA), but for integers beyond int64, which
// it leaves out; and a cell it holds for keeps a column of numbers, bools
// and NA strings beside it as texts.
func TestOnlyTextMatchesRead(t *testing.T) {
	cells := []string{"0_0", "10_12", "a", "two point five", "1", "-3", " 1", "1 ", "+5", "1e5", "1E-5", ".5", "5.",
		"1.5.2", "1_000", "0x10", "inf", "-Infinity", "+inf", "INF", "nan", "NaN", "-nan", "True", "tRUE", "false",
		"yes", "", "NA", "N/A", "null", "None", "18446744073709551615", "99999999999999999999", "-9223372036854775809",
		"1e400", "-1e400", "١٢", "−5", "1d5", "é", "#N/A", "sil", "12.0", "0001", "1e", "e5", "-", "."}
	for _, s := range cells {
		field := `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
		alone, err := ReadBytes([]byte("a\n"+field+"\n"), ReadOptions{})
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		c, _ := alone.Col("a")
		text := c.Kind == String && c.Mixed == nil && !c.IsNull(0)
		_, st := parseInt64(s)
		if got := OnlyText(s); got != text && !(text && st == numOverflow) {
			t.Errorf("OnlyText(%q) = %v; a column of it alone reads as %v (text %v)", s, got, c.Kind, text)
		}
		if !OnlyText(s) {
			continue
		}
		mixed, err := ReadBytes([]byte("a\n"+field+"\n12\nTrue\n\"\"\n1.5\n"), ReadOptions{})
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		c, _ = mixed.Col("a")
		if c.Kind != String || c.Mixed != nil || strings.Join(c.Text[:3], "|") != s+"|12|True" || !c.IsNull(3) {
			t.Errorf("%q beside numbers: kind %v, texts %q", s, c.Kind, c.Text)
		}
	}
}
