package tensorflow_speech_recognition_challenge

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// fakeWords are the Kaggle word folders the fake download uses.
var fakeWords = []string{"bed", "bird", "down", "marvin", "no", "off", "sheila", "yes"}

// fakeNoise are background-noise files of the Kaggle download.
var fakeNoise = []string{"doing_the_dishes.wav", "pink_noise.wav", "white_noise.wav"}

// FakeRaw writes a small synthetic download in the Kaggle layout: train.7z
// with train/audio/<word>/<speaker>_nohash_<k>.wav clips (speakers repeat
// across words, so file names repeat across folders),
// train/audio/_background_noise_/ with a few longer noise clips and a
// README.md, and train/testing_list.txt and train/validation_list.txt.
// Kaggle's test.7z and sample_submission.7z are left out: prepare never
// opens them (and 7z compression is the slow part of this generator). Every
// clip is a real 16 kHz 16-bit PCM mono WAV file. opt.Rows is the number of
// word clips (default 40).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, 40)
	r := synth.Rand(opt.Seed, "tensorflow-speech-recognition-challenge")
	audio := synth.Rand(opt.Seed, "tensorflow-speech-recognition-challenge/audio")
	speakers, err := synth.HexIDs(r, max(4, n/4), 8)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "speech-fakeraw-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	var train []archive.Entry7z
	dirs := map[string]bool{}
	add := func(list *[]archive.Entry7z, name string, data []byte) error {
		for d := filepath.Dir(name); d != "." && !dirs[d]; d = filepath.Dir(d) {
			dirs[d] = true
		}
		path := filepath.Join(tmp, filepath.FromSlash(name))
		if err := synth.WriteFile(path, data); err != nil {
			return err
		}
		*list = append(*list, archive.Entry7z{Name: name, Path: path})
		return nil
	}
	used := map[string]bool{}
	var listed []string
	for len(used) < n {
		word := synth.Pick(r, fakeWords)
		name := fmt.Sprintf("%s_nohash_%d.wav", synth.Pick(r, speakers), r.IntN(3))
		rel := word + "/" + name
		if used[rel] {
			continue
		}
		used[rel] = true
		listed = append(listed, rel)
		if err := add(&train, "train/audio/"+rel, clipWAV(audio, 480, true)); err != nil {
			return err
		}
	}
	for _, name := range fakeNoise {
		if err := add(&train, "train/audio/_background_noise_/"+name, clipWAV(audio, 1600, false)); err != nil {
			return err
		}
	}
	if err := add(&train, "train/audio/_background_noise_/README.md", []byte("Longer clips of background noise, for mixing into training data.\n")); err != nil {
		return err
	}
	third := len(listed) / 3
	for _, f := range []struct {
		name  string
		lines []string
	}{{"train/testing_list.txt", listed[:third]}, {"train/validation_list.txt", listed[third : 2*third]}} {
		var b []byte
		for _, l := range f.lines {
			b = append(b, l+"\n"...)
		}
		if err := add(&train, f.name, b); err != nil {
			return err
		}
	}
	train = append(dirEntries(dirs), train...)
	return archive.Write7z(context.Background(), filepath.Join(dir, "train.7z"), train)
}

// dirEntries returns directory entries for the given folders, parents
// first (lexical order).
func dirEntries(dirs map[string]bool) []archive.Entry7z {
	var out []archive.Entry7z
	for _, d := range synth.SortedKeys(dirs) {
		out = append(out, archive.Entry7z{Name: d, Dir: true})
	}
	return out
}

// clipWAV returns a 16 kHz mono WAV of n samples: a short voiced tone
// (word) or plain noise.
func clipWAV(r *rand.Rand, n int, word bool) []byte {
	const rate = 16000
	samples := make([]int16, n)
	f0 := 90 + 200*r.Float64()
	for t := range samples {
		x := float64(t) / rate
		v := 600 * r.NormFloat64()
		if word {
			env := math.Sin(math.Pi * float64(t) / float64(n))
			v += 9000 * env * (math.Sin(2*math.Pi*f0*x) + 0.5*math.Sin(4*math.Pi*f0*x))
		}
		samples[t] = int16(max(-32768, min(32767, math.Round(v))))
	}
	return synth.WAV(samples, rate)
}
