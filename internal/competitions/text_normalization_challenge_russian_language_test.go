package competitions

import (
	"testing"

	"github.com/mlebench/mlebench/internal/competitions/internal/textnorm/textnormtest"
)

const textNormRuTestID = "text-normalization-challenge-russian-language"

func TestTextNormRuConformance(t *testing.T) {
	textnormtest.Conformance(t, implByID(t, textNormRuTestID), "ru")
}

func TestTextNormRuPrepareErrors(t *testing.T) {
	textnormtest.PrepareErrors(t, implByID(t, textNormRuTestID), "ru")
}

func TestTextNormRuGrade(t *testing.T) { textnormtest.Grade(t, implByID(t, textNormRuTestID)) }

func TestTextNormRuGradeBlocks(t *testing.T) { textnormtest.Blocks(t, implByID(t, textNormRuTestID)) }
