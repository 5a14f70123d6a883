package tensorflow2_question_answering

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// Raw NQ records, with the Kaggle key order.
type (
	nqExample struct {
		DocumentText         string         `json:"document_text"`
		LongAnswerCandidates []nqCandidate  `json:"long_answer_candidates"`
		QuestionText         string         `json:"question_text"`
		Annotations          []nqAnnotation `json:"annotations"`
		DocumentURL          string         `json:"document_url"`
		ExampleID            int64          `json:"example_id"`
	}
	nqCandidate struct {
		StartByte  int  `json:"start_byte"`
		EndByte    int  `json:"end_byte"`
		StartToken int  `json:"start_token"`
		EndToken   int  `json:"end_token"`
		TopLevel   bool `json:"top_level"`
	}
	nqAnnotation struct {
		YesNoAnswer  string    `json:"yes_no_answer"`
		LongAnswer   nqLong    `json:"long_answer"`
		ShortAnswers []nqShort `json:"short_answers"`
		AnnotationID uint64    `json:"annotation_id"`
	}
	nqLong struct {
		StartByte      int `json:"start_byte"`
		EndByte        int `json:"end_byte"`
		StartToken     int `json:"start_token"`
		EndToken       int `json:"end_token"`
		CandidateIndex int `json:"candidate_index"`
	}
	nqShort struct {
		StartByte  int `json:"start_byte"`
		EndByte    int `json:"end_byte"`
		StartToken int `json:"start_token"`
		EndToken   int `json:"end_token"`
	}
)

var fakeWords = []string{"the", "river", "café", "naïve", "“quoted”", "town", "1987", "Zürich", "and/or", "a", "of",
	"population", "\"inch\"", "tab\there", "back\\slash", "emoji😀", "Ελλάδα", "north", "built", "was"}

// FakeRaw writes raw/simplified-nq-train.jsonl with opt.Rows examples
// (default 2150: two full chunks of 1000 and one of 150), in the Kaggle
// key order, with raw UTF-8 text (accents, curly quotes, an emoji, Greek),
// slashes, quotes, tabs and backslashes, signed example ids, annotation ids
// above 2^63, and a mix of examples without answers, with long and short
// answers, with a long answer only, and with YES/NO answers. The first line
// with an "é" spells it as a \u escape. A line count ≡ 1 mod 1000 is refused (the
// original cannot prepare it).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, 2150)
	if n < 2 || n%chunkLines == 1 {
		return fmt.Errorf("tensorflow2-question-answering fake raw: %d lines cannot be prepared (need >= 2 and not 1 mod %d)", n, chunkLines)
	}
	r := synth.Rand(opt.Seed, "tensorflow2-question-answering")
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	ids := map[int64]bool{}
	escaped := false
	for i := 0; i < n; i++ {
		id := int64(r.Uint64())
		for ids[id] {
			id = int64(r.Uint64())
		}
		ids[id] = true
		ex := fakeExample(r, id)
		start := out.Len()
		if err := enc.Encode(ex); err != nil {
			return err
		}
		if line := out.Bytes()[start:]; !escaped && bytes.Contains(line, []byte("é")) {
			escaped = true
			line = bytes.Replace(line, []byte("é"), []byte(`\u00e9`), 1)
			out.Truncate(start)
			out.Write(line)
		}
	}
	return synth.WriteFile(filepath.Join(dir, "simplified-nq-train.jsonl"), out.Bytes())
}

func fakeExample(r *rand.Rand, id int64) nqExample {
	var tokens []string
	var cands []nqCandidate
	bytePos := 0
	add := func(t string) {
		tokens = append(tokens, t)
		bytePos += len(t) + 1
	}
	add("<H1>")
	for range 1 + r.IntN(3) {
		add(synth.Pick(r, fakeWords))
	}
	add("</H1>")
	for range 2 + r.IntN(4) {
		c := nqCandidate{StartByte: bytePos, StartToken: len(tokens), TopLevel: r.IntN(4) != 0}
		add("<P>")
		for range 3 + r.IntN(12) {
			add(synth.Pick(r, fakeWords))
		}
		add("</P>")
		c.EndByte, c.EndToken = bytePos-1, len(tokens)
		cands = append(cands, c)
	}
	ann := nqAnnotation{
		YesNoAnswer:  "NONE",
		LongAnswer:   nqLong{-1, -1, -1, -1, -1},
		ShortAnswers: []nqShort{},
		AnnotationID: r.Uint64(),
	}
	kind := r.IntN(10)
	if kind >= 4 {
		k := r.IntN(len(cands))
		c := cands[k]
		ann.LongAnswer = nqLong{c.StartByte, c.EndByte, c.StartToken, c.EndToken, k}
		switch {
		case kind == 9:
			ann.YesNoAnswer = synth.Pick(r, []string{"YES", "NO"})
		case kind >= 6:
			for range 1 + r.IntN(2) {
				s := c.StartToken + 1 + r.IntN(c.EndToken-c.StartToken-2)
				e := s + 1 + r.IntN(c.EndToken-1-s)
				ann.ShortAnswers = append(ann.ShortAnswers, nqShort{s * 6, e * 6, s, e})
			}
		}
	}
	title := strings.ReplaceAll(tokens[1], "/", "_")
	return nqExample{
		DocumentText:         strings.Join(tokens, " "),
		LongAnswerCandidates: cands,
		QuestionText:         "what is " + synth.Pick(r, fakeWords) + " " + synth.Pick(r, fakeWords),
		Annotations:          []nqAnnotation{ann},
		DocumentURL:          "https://en.wikipedia.org//w/index.php?title=" + title + fmt.Sprintf("&amp;oldid=%d", 800000000+r.IntN(99999999)),
		ExampleID:            id,
	}
}
