package text_normalization_challenge_russian_language

import (
	"testing"

	"github.com/mlebench/mlebench/internal/competitions/internal/textnorm/textnormtest"
)

const testID = "text-normalization-challenge-russian-language"

func TestConformance(t *testing.T) {
	textnormtest.Conformance(t, Competition, "ru")
}

func TestPrepareErrors(t *testing.T) {
	textnormtest.PrepareErrors(t, Competition, "ru")
}

func TestGrade(t *testing.T) { textnormtest.Grade(t, Competition) }

func TestGradeBlocks(t *testing.T) { textnormtest.Blocks(t, Competition) }
