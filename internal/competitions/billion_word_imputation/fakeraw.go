package billion_word_imputation

import (
	"archive/zip"
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train_v2.txt.zip holding train_v2.txt: by default
// totalLines+3 lines (the literal plus lines that must be ignored), mostly
// 3–5 one- or two-character tokens, with every few hundred lines a quirky
// one: doubled spaces and tabs, quotes, leading/trailing and Unicode
// whitespace (U+00A0, U+001F, U+3000), non-ASCII words, CRLF and lone CR
// line ends, empty and two-token lines. The last line has no terminator.
// The zip member is stored, not deflated (fastest to write and read).
// opt.Rows sets the line count instead (tests use small files; prepare then
// fails its final assert unless the total is passed accordingly).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, totalLines+3)
	r := synth.Rand(opt.Seed, "train")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	pr, pw := io.Pipe()
	go func() {
		bw := bufio.NewWriterSize(pw, 1<<20)
		vocab := []string{"a", "b", "c", "d", "e", "I", "of", "to", ",", ".", "'s", "in"}
		quirky := []string{
			"He said  \"yes\" , then\tleft .",
			"  leading and trailing spaces  ",
			"non\u00a0breaking space here",
			"unit\u001fseparator counts as space",
			"ideographic\u3000space and Ünïcödé wörds ok",
			"",
			"two words",
			"\"quoted\" \"\" words \"",
			"x y z",
			"tab\tseparated\tline\twith\tmany\ttokens\there",
			"line with crlf end\r",
			"lone cr\rsplits here too",
			"a  b",
		}
		var line []byte
		for i := 0; i < n; {
			line = line[:0]
			// One 64-bit draw per line: bits 0–15 pick a quirky line
			// (1 in 300), 16–23 which one, 24–31 the token count, and
			// nibbles from bit 32 on the tokens.
			x := r.Uint64()
			q := quirky[(x>>16&0xff)%uint64(len(quirky))]
			if lines := 1 + strings.Count(strings.TrimSuffix(q, "\r"), "\r"); (x&0xffff)%300 == 0 && i+lines <= n {
				line = append(line, q...)
				i += lines
			} else {
				k := 3 + int(x>>24&0xff)%3
				for j := 0; j < k; j++ {
					if j > 0 {
						line = append(line, ' ')
					}
					line = append(line, vocab[(x>>(32+4*j)&0xf)%uint64(len(vocab))]...)
				}
				i++
			}
			if i < n {
				line = append(line, '\n')
			}
			if _, err := bw.Write(line); err != nil {
				pw.CloseWithError(err)
				return
			}
		}
		pw.CloseWithError(bw.Flush())
	}()
	err := writeZipMethod(filepath.Join(dir, "train_v2.txt.zip"), "train_v2.txt", pr, zip.Store)
	pr.CloseWithError(errors.New("zip writer stopped"))
	return err
}
