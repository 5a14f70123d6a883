package competitions

import "testing"

const textNormRuTestID = "text-normalization-challenge-russian-language"

func TestTextNormRuConformance(t *testing.T) { c3TextNormTestConformance(t, textNormRuTestID, "ru") }

func TestTextNormRuPrepareErrors(t *testing.T) {
	c3TextNormTestPrepareErrors(t, c3Impl(t, textNormRuTestID), "ru")
}

func TestTextNormRuGrade(t *testing.T) { c3TextNormTestGrade(t, textNormRuTestID) }

func TestTextNormRuGradeBlocks(t *testing.T) { c3TextNormTestBlocks(t, textNormRuTestID) }
