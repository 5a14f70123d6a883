package competitions

import "testing"

const textNormEnTestID = "text-normalization-challenge-english-language"

func TestTextNormEnConformance(t *testing.T) { c3TextNormTestConformance(t, textNormEnTestID, "en") }

func TestTextNormEnPrepareErrors(t *testing.T) {
	c3TextNormTestPrepareErrors(t, c3Impl(t, textNormEnTestID), "en")
}

func TestTextNormEnGrade(t *testing.T) { c3TextNormTestGrade(t, textNormEnTestID) }

func TestTextNormEnGradeBlocks(t *testing.T) { c3TextNormTestBlocks(t, textNormEnTestID) }
