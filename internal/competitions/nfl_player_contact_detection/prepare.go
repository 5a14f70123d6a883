package nfl_player_contact_detection

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/blockcsv"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// side of a game play in the split.
const (
	neither = iota
	train
	test
)

// split is the game-play split: each label game play's side, and the video
// file stems (str(game_play)) of each side's unique game plays in order.
type split struct {
	side  map[key]int
	stems [3][]string
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	for _, dir := range []string{filepath.Join(d.Public, "train"), filepath.Join(d.Public, "test")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	sp, err := prepareLabels(ctx, d)
	if err != nil {
		return err
	}
	for _, name := range auxFiles {
		if err := filterAux(ctx, d, name, sp); err != nil {
			return err
		}
	}
	return copyVideos(ctx, d, sp)
}

// auxFiles are the raw train_<name>.csv files filtered by game play.
var auxFiles = []string{"baseline_helmets", "player_tracking", "video_metadata"}

// views are the video views copied, in the original's loop order.
var views = []string{"All29", "Endzone", "Sideline"}

// prepareLabels splits raw/train_labels.csv by game play and writes
// public/train_labels.csv, private/test.csv and public/sample_submission.csv.
func prepareLabels(ctx context.Context, d competition.Dirs) (*split, error) {
	src := filepath.Join(d.Raw, "train_labels.csv")
	var order []key
	seen := map[key]bool{}
	var gpCol int
	fr, err := openFrame(ctx, src, func(b blockcsv.Block) error {
		if b.First == 0 {
			if !b.T.Has(gamePlay, contactID) {
				return fmt.Errorf("columns %q and %q are required (KeyError)", gamePlay, contactID)
			}
		}
		c, _ := b.T.Col(gamePlay)
		for i := 0; i < c.Len(); i++ {
			if k := keyOf(c, i); !seen[k] {
				k = k.clone()
				seen[k] = true
				order = append(order, k)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if fr.Blocks == 0 && (fr.Col(gamePlay) < 0 || fr.Col(contactID) < 0) {
		return nil, fmt.Errorf("%s: columns %q and %q are required (KeyError)", src, gamePlay, contactID)
	}
	gpCol = fr.Col(gamePlay)
	trainIdx, testIdx, err := pyrand.TrainTestSplit(len(order), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return nil, fmt.Errorf("splitting the %d game plays of %s: %w", len(order), src, err)
	}
	sp := &split{side: make(map[key]int, len(order))}
	for _, i := range trainIdx {
		sp.side[order[i]] = train
	}
	for _, i := range testIdx {
		sp.side[order[i]] = test
	}

	trainOut, err := createOutput(filepath.Join(d.Public, "train_labels.csv"), fr.Names)
	if err != nil {
		return nil, err
	}
	testOut, err := createOutput(filepath.Join(d.Private, "test.csv"), fr.Names)
	if err != nil {
		trainOut.close()
		return nil, err
	}
	sampleOut, err := createOutput(filepath.Join(d.Public, "sample_submission.csv"), []string{contactID, contact})
	if err != nil {
		trainOut.close()
		testOut.close()
		return nil, err
	}
	// contact_id disjointness: hashes of the test ids in memory, those of
	// the train ids spilled to a temporary file and checked at the end.
	testIDs := map[[16]byte]struct{}{}
	spill, err := os.CreateTemp("", "nfl-train-ids-*")
	if err != nil {
		return nil, err
	}
	defer os.Remove(spill.Name())
	defer spill.Close()
	spillW := bufio.NewWriterSize(spill, 1<<20)
	stemSeen := map[key]bool{}
	err = fr.Each(ctx, func(b blockcsv.Block) error {
		gp := b.T.Columns()[gpCol]
		cid, _ := b.T.Col(contactID)
		var rows [3][]int
		for i := 0; i < gp.Len(); i++ {
			k := keyOf(gp, i)
			s := sp.side[k]
			rows[s] = append(rows[s], i)
			if !stemSeen[k] {
				stemSeen[k.clone()] = true
				sp.stems[s] = append(sp.stems[s], strings.Clone(gp.Str(i)))
			}
			if h, ok := idHash(cid, i); ok {
				if s == test {
					testIDs[h] = struct{}{}
				} else if s == train {
					if _, err := spillW.Write(h[:]); err != nil {
						return err
					}
				}
			}
		}
		if err := trainOut.write(b.T, rows[train]); err != nil {
			return err
		}
		if err := testOut.write(b.T, rows[test]); err != nil {
			return err
		}
		ids := cid.Take(rows[test])
		sample, err := table.New(ids, table.Ints(contact, make([]int64, ids.Len())))
		if err != nil {
			return err
		}
		return sampleOut.write(sample, rangeN(ids.Len()))
	})
	for _, o := range []*output{trainOut, testOut, sampleOut} {
		if cerr := o.close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return nil, err
	}
	if err := spillW.Flush(); err != nil {
		return nil, err
	}
	if err := checkDisjoint(spill, testIDs); err != nil {
		return nil, err
	}
	return sp, nil
}

func rangeN(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// idHash is a 128-bit hash of a contact_id cell's Python value; missing
// ids (NaN) are never equal to anything and have none.
func idHash(c *table.Column, i int) ([16]byte, bool) {
	k := keyOf(c, i)
	if k.nan {
		return [16]byte{}, false
	}
	h := fnv.New128a()
	if k.isText {
		h.Write([]byte{'s'})
		h.Write([]byte(k.text))
	} else {
		fmt.Fprintf(h, "%#v", k.num)
	}
	var out [16]byte
	h.Sum(out[:0])
	return out, true
}

// checkDisjoint is the original's assert that no contact_id is on both
// sides.
func checkDisjoint(spill *os.File, testIDs map[[16]byte]struct{}) error {
	if _, err := spill.Seek(0, io.SeekStart); err != nil {
		return err
	}
	r := bufio.NewReaderSize(spill, 1<<20)
	var h [16]byte
	for {
		_, err := io.ReadFull(r, h[:])
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if _, ok := testIDs[h]; ok {
			return errors.New("assertion failed: a contact_id is in both the train and the test split")
		}
	}
}

// filterAux writes public/train_<name>.csv and public/test_<name>.csv: the
// rows of raw/train_<name>.csv whose game_play is a train (test) game play
// of the labels, in file order.
func filterAux(ctx context.Context, d competition.Dirs, name string, sp *split) error {
	src := filepath.Join(d.Raw, "train_"+name+".csv")
	fr, err := openFrame(ctx, src, nil)
	if err != nil {
		return err
	}
	gpCol := fr.Col(gamePlay)
	if gpCol < 0 {
		return fmt.Errorf("%s: no %q column (KeyError)", src, gamePlay)
	}
	trainOut, err := createOutput(filepath.Join(d.Public, "train_"+name+".csv"), fr.Names)
	if err != nil {
		return err
	}
	testOut, err := createOutput(filepath.Join(d.Public, "test_"+name+".csv"), fr.Names)
	if err != nil {
		trainOut.close()
		return err
	}
	err = fr.Each(ctx, func(b blockcsv.Block) error {
		gp := b.T.Columns()[gpCol]
		var rows [3][]int
		for i := 0; i < gp.Len(); i++ {
			s := sp.side[keyOf(gp, i)]
			rows[s] = append(rows[s], i)
		}
		if err := trainOut.write(b.T, rows[train]); err != nil {
			return err
		}
		return testOut.write(b.T, rows[test])
	})
	for _, o := range []*output{trainOut, testOut} {
		if cerr := o.close(); err == nil {
			err = cerr
		}
	}
	return err
}

// copyVideos copies raw/train/<game_play>_<view>.mp4 of every game play to
// public/train or public/test and checks the original's count asserts.
func copyVideos(ctx context.Context, d competition.Dirs, sp *split) error {
	var jobs []filecopy.Job
	for _, view := range views {
		for _, s := range []int{train, test} {
			dir := "train"
			if s == test {
				dir = "test"
			}
			for _, stem := range sp.stems[s] {
				name := stem + "_" + view + ".mp4"
				if !imagecopy.SafeName(name) {
					return fmt.Errorf("game_play %q does not make a plain video file name", stem)
				}
				jobs = append(jobs, filecopy.Job{
					Src: filepath.Join(d.Raw, "train", name),
					Dst: filepath.Join(d.Public, dir, name),
				})
			}
		}
	}
	if err := filecopy.Run(ctx, jobs); err != nil {
		return err
	}
	for _, s := range []int{train, test} {
		dir := filepath.Join(d.Public, "train")
		if s == test {
			dir = filepath.Join(d.Public, "test")
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		n := 0 // pathlib's glob("*.mp4"): hidden names and folders included
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".mp4") {
				n++
			}
		}
		if want := len(views) * len(sp.stems[s]); n != want {
			return fmt.Errorf("assertion failed: %s holds %d videos, want %d (3 per game play)", dir, n, want)
		}
	}
	return nil
}
