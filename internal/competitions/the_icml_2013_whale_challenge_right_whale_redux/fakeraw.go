package the_icml_2013_whale_challenge_right_whale_redux

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// recordingDates are the fake recording dates; the first two become train.
var recordingDates = []string{"20090328", "20090329", "20090330", "20090331"}

// FakeRaw writes raw/train2.zip: a "train2/" directory entry and tiny
// valid AIFF clips named <date>_<HHMMSS>_<sss>s<m>ms_TRAIN<k>_<label>.aif over
// exactly 4 dates (default 32 clips, at least 4), members in shuffled order
// and TRAIN numbers that do not follow name order, so the sorting and
// renaming are exercised. The two test dates together hold both labels.
// Kaggle's test2.zip and sampleSubmission.csv are not written (never read).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "the-icml-2013-whale-challenge-right-whale-redux")
	n := max(4, synth.Rows(opt.Rows, 32))
	trainNo := r.Perm(n)
	var entries []synth.ZipEntry
	for i := 0; i < n; i++ {
		date := recordingDates[i%4]
		label := 0
		if r.IntN(4) == 0 {
			label = 1
		}
		switch i {
		case 2: // first test date: a positive
			label = 1
		case 3: // second test date: a negative
			label = 0
		}
		name := fmt.Sprintf("%s_%02d%02d%02d_%03ds%dms_TRAIN%d_%d.aif", date, r.IntN(24), r.IntN(60), r.IntN(60), r.IntN(900), r.IntN(1000), trainNo[i], label)
		samples := make([]int16, 16+r.IntN(16))
		for k := range samples {
			samples[k] = int16(r.IntN(4000) - 2000)
		}
		entries = append(entries, synth.ZipEntry{Name: "train2/" + name, Data: aiff(samples, 2000)})
	}
	r.Shuffle(len(entries), func(i, j int) { entries[i], entries[j] = entries[j], entries[i] })
	entries = append([]synth.ZipEntry{{Name: "train2/"}}, entries...)
	return synth.WriteZip(filepath.Join(dir, "train2.zip"), entries)
}

// aiff encodes mono 16-bit big-endian samples as a minimal AIFF file
// (FORM/AIFF with COMM and SSND chunks) at an integer sample rate.
func aiff(samples []int16, rate uint32) []byte {
	var b bytes.Buffer
	be := binary.BigEndian
	ssnd := 8 + 2*len(samples)
	b.WriteString("FORM")
	binary.Write(&b, be, uint32(4+8+18+8+ssnd))
	b.WriteString("AIFFCOMM")
	binary.Write(&b, be, uint32(18))
	binary.Write(&b, be, uint16(1))            // channels
	binary.Write(&b, be, uint32(len(samples))) // sample frames
	binary.Write(&b, be, uint16(16))           // bits per sample
	// 80-bit IEEE extended sample rate: exponent bias 16383, explicit
	// integer bit in the 64-bit mantissa.
	exp := 0
	for v := rate; v > 1; v >>= 1 {
		exp++
	}
	binary.Write(&b, be, uint16(16383+exp))
	binary.Write(&b, be, uint64(rate)<<(63-exp))
	b.WriteString("SSND")
	binary.Write(&b, be, uint32(ssnd))
	binary.Write(&b, be, uint32(0)) // offset
	binary.Write(&b, be, uint32(0)) // block size
	for _, s := range samples {
		binary.Write(&b, be, s)
	}
	return b.Bytes()
}
