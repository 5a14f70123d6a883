package freesound_audio_tagging_2019

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes a small synthetic download: the Kaggle files
// (train_curated.csv, train_noisy.csv, sample_submission.csv and the three
// zips of real 16-bit PCM WAV clips) plus FSDKaggle2019.meta.local.zip, the
// offline stand-in for the Zenodo meta zip. opt.Rows is the number of
// Private test clips (default 30). The meta CSV also holds Public clips, a
// row whose usage is "private" (not kept), a Public row without labels
// (never split), a Private row with a token that is no class name and one
// with a space after a comma (both ignored tokens).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	nPrivate := synth.Rows(opt.Rows, 30)
	if nPrivate < 3 {
		return fmt.Errorf("freesound-audio-tagging-2019 fake raw: %d Private clips, want at least 3", nPrivate)
	}
	nPublic := nPrivate/3 + 2
	r := synth.Rand(opt.Seed, "freesound-audio-tagging-2019")
	audio := synth.Rand(opt.Seed, "freesound-audio-tagging-2019/audio")

	ids, err := synth.HexIDs(r, nPrivate+nPublic+1+32, 8)
	if err != nil {
		return err
	}
	fnames := make([]string, len(ids))
	for i, id := range ids {
		fnames[i] = id + ".wav"
	}
	private, rest := fnames[:nPrivate], fnames[nPrivate:]
	public, rest := rest[:nPublic], rest[nPublic:]
	lowercase, train := rest[0], rest[1:]

	randomLabels := func() string {
		k := 1 + r.IntN(3)
		picked := map[string]bool{}
		var out []string
		for len(out) < k {
			c := synth.Pick(r, classes)
			if !picked[c] {
				picked[c] = true
				out = append(out, c)
			}
		}
		return strings.Join(out, ",")
	}

	type metaRow struct{ fname, labels, usage string }
	var rows []metaRow
	for i, f := range private {
		labels := randomLabels()
		switch i {
		case 0:
			labels += ",Not_a_class"
		case 1:
			labels += ", Meow"
		}
		rows = append(rows, metaRow{f, labels, "Private"})
	}
	for i, f := range public {
		labels := randomLabels()
		if i == 0 {
			labels = ""
		}
		rows = append(rows, metaRow{f, labels, "Public"})
	}
	rows = append(rows, metaRow{lowercase, randomLabels(), "private"})
	r.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })

	meta := synth.CSV{Header: []string{"fname", "labels", "usage", "freesound_id", "license"}}
	for _, m := range rows {
		meta.Add(m.fname, m.labels, m.usage, fmt.Sprint(10000+r.IntN(400000)), synth.Pick(r, []string{"CC0", "CC-BY", "CC-BY-NC"}))
	}
	vocab := synth.CSV{Header: []string{"", "0"}}
	for i, c := range classes {
		vocab.Add(fmt.Sprint(i), c)
	}
	metaZip := []synth.ZipEntry{
		{Name: metaDirName + "/"},
		{Name: metaDirName + "/" + metaCSVName, Data: meta.Bytes()},
		{Name: metaDirName + "/vocabulary.csv", Data: vocab.Bytes()},
	}
	if err := synth.WriteZip(filepath.Join(dir, localMeta), metaZip); err != nil {
		return err
	}

	sorted := slices.Clone(private)
	slices.Sort(sorted)
	sample := synth.CSV{Header: append([]string{"fname"}, classes...)}
	zeros := make([]string, len(classes))
	for i := range zeros {
		zeros[i] = "0"
	}
	for _, f := range sorted {
		sample.Add(append([]string{f}, zeros...)...)
	}
	if err := sample.Write(filepath.Join(dir, "sample_submission.csv")); err != nil {
		return err
	}

	half := len(train) / 2
	for _, part := range []struct {
		name   string
		fnames []string
	}{{"train_curated", train[:half]}, {"train_noisy", train[half:]}} {
		c := synth.CSV{Header: []string{"fname", "labels"}}
		for _, f := range part.fnames {
			c.Add(f, randomLabels())
		}
		if err := c.Write(filepath.Join(dir, part.name+".csv")); err != nil {
			return err
		}
		if err := writeClips(filepath.Join(dir, part.name+".zip"), part.fnames, audio); err != nil {
			return err
		}
	}
	return writeClips(filepath.Join(dir, "test.zip"), sorted, audio)
}

// writeClips writes a zip of short mono 44.1 kHz WAV clips (a decaying tone
// plus noise), one per name, at the archive's top level.
func writeClips(path string, names []string, r *rand.Rand) error {
	const rate = 44100
	entries := make([]synth.ZipEntry, len(names))
	for i, name := range names {
		n := rate/50 + r.IntN(rate/25)
		freq := 100 + 2000*r.Float64()
		samples := make([]int16, n)
		for t := range samples {
			x := float64(t) / rate
			v := 12000*math.Exp(-8*x)*math.Sin(2*math.Pi*freq*x) + 800*r.NormFloat64()
			samples[t] = int16(max(-32768, min(32767, math.Round(v))))
		}
		entries[i] = synth.ZipEntry{Name: name, Data: synth.WAV(samples, rate)}
	}
	return synth.WriteZip(path, entries)
}
