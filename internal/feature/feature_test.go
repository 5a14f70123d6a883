package feature

import "testing"

func TestParse(t *testing.T) {
	s, err := Parse(" grade-keep-going ,")
	if err != nil || !s.Enabled("grade-keep-going") || s.Enabled("validate-jsonl-answers") {
		t.Fatalf("Parse: %v %v", s, err)
	}
	if s.String() != "grade-keep-going" {
		t.Errorf("String = %q", s.String())
	}
	if _, err := Parse("no-such-fix"); err == nil {
		t.Error("unknown fix accepted")
	}
	var none Set
	if none.Enabled("grade-keep-going") {
		t.Error("nil set has a fix enabled")
	}
}
