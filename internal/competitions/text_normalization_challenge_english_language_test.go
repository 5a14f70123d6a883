package competitions

import (
	"testing"

	"github.com/mlebench/mlebench/internal/competitions/internal/textnorm/textnormtest"
)

const textNormEnTestID = "text-normalization-challenge-english-language"

func TestTextNormEnConformance(t *testing.T) {
	textnormtest.Conformance(t, implByID(t, textNormEnTestID), "en")
}

func TestTextNormEnPrepareErrors(t *testing.T) {
	textnormtest.PrepareErrors(t, implByID(t, textNormEnTestID), "en")
}

func TestTextNormEnGrade(t *testing.T) { textnormtest.Grade(t, implByID(t, textNormEnTestID)) }

func TestTextNormEnGradeBlocks(t *testing.T) { textnormtest.Blocks(t, implByID(t, textNormEnTestID)) }
