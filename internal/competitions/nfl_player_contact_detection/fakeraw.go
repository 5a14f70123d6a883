package nfl_player_contact_detection

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes the Kaggle layout: train_labels.csv, train_baseline_helmets.csv,
// train_player_tracking.csv, train_video_metadata.csv (the Kaggle columns)
// and train/<game_play>_{All29,Endzone,Sideline}.mp4 (small ISO base media
// files: an ftyp box, a movie header and a media-data box), plus the
// never-read sample_submission.csv. By default 20 game plays of 5 players
// over 3 steps (900 label rows); opt.Rows asks for about that many label
// rows (up to 240 game plays, then more steps per play).
//
// Quirks exercised: nfl_player_id_2 holds "G" (a text column); one helmet
// row lacks its nfl_player_id (an int column turned float: "47795.0"); the
// helmet and tracking files hold a game play the labels lack (written to
// neither side); tracking floats include non-canonical text ("0.50",
// "-0.0", "2E-05"), empty cells and a 17-digit value the default "high"
// float converter reads differently from a correctly rounded parse.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	const players = 5
	perStep := players*(players-1)/2 + players
	games, steps := 20, 3
	if opt.Rows > 0 {
		games = min(240, max(20, opt.Rows/(perStep*3)))
		steps = max(3, opt.Rows/(games*perStep))
	}
	r := synth.Rand(opt.Seed, "plays")
	type play struct {
		gp, key, id string
		ids         []int
	}
	plays := make([]play, games+1) // the last one is only in helmets and tracking
	seen := map[string]bool{}
	for g := range plays {
		for {
			key := 57500 + r.IntN(1200)
			id := r.IntN(4000)
			gp := fmt.Sprintf("%d_%06d", key, id)
			if seen[gp] {
				continue
			}
			seen[gp] = true
			plays[g] = play{gp: gp, key: strconv.Itoa(key), id: strconv.Itoa(id)}
			break
		}
		base := 37000 + r.IntN(15000)
		for p := 0; p < players; p++ {
			base += 1 + r.IntN(900)
			plays[g].ids = append(plays[g].ids, base)
		}
	}
	stamp := func(g, step int) string {
		ms := (g*7+step)*100 + 48100
		return fmt.Sprintf("2021-%02d-%02dT%02d:%02d:%02d.%03dZ", 9+g%4, 10+g%17, 1+g%20, (ms/60000)%60, (ms/1000)%60, ms%1000)
	}

	// train_labels.csv
	labels, err := newRawCSV(filepath.Join(dir, "train_labels.csv"),
		"contact_id", "game_play", "datetime", "step", "nfl_player_id_1", "nfl_player_id_2", "contact")
	if err != nil {
		return err
	}
	for g, pl := range plays[:games] {
		row := 0
		for step := 0; step < steps; step++ {
			for a := 0; a < players; a++ {
				for b := a + 1; b <= players; b++ {
					id2 := "G"
					if b < players {
						id2 = strconv.Itoa(pl.ids[b])
					}
					c := 0
					switch {
					case row == 0:
						c = 1 // both classes in every game play
					case row == 1:
					case r.IntN(5) == 0:
						c = 1
					}
					row++
					cid := fmt.Sprintf("%s_%d_%d_%s", pl.gp, step, pl.ids[a], id2)
					labels.row(cid, pl.gp, stamp(g, step), strconv.Itoa(step), strconv.Itoa(pl.ids[a]), id2, strconv.Itoa(c))
				}
			}
		}
	}
	if err := labels.close(); err != nil {
		return err
	}

	// train_baseline_helmets.csv
	helmets, err := newRawCSV(filepath.Join(dir, "train_baseline_helmets.csv"),
		"game_play", "game_key", "play_id", "view", "video", "frame", "nfl_player_id", "player_label", "left", "width", "top", "height")
	if err != nil {
		return err
	}
	hr := synth.Rand(opt.Seed, "helmets")
	for g, pl := range plays {
		for _, view := range []string{"Endzone", "Sideline"} {
			for f := 0; f < steps; f++ {
				for p, id := range pl.ids {
					pid := strconv.Itoa(id)
					if g == 1 && f == 0 && p == 2 && view == "Sideline" {
						pid = "" // one unassigned box: the column becomes float
					}
					label := fmt.Sprintf("%s%d", []string{"H", "V"}[p%2], 1+hr.IntN(99))
					helmets.row(pl.gp, pl.key, pl.id, view, pl.gp+"_"+view+".mp4", strconv.Itoa(f*6+1), pid, label,
						strconv.Itoa(hr.IntN(1200)), strconv.Itoa(10+hr.IntN(20)), strconv.Itoa(hr.IntN(700)), strconv.Itoa(10+hr.IntN(20)))
				}
			}
		}
	}
	if err := helmets.close(); err != nil {
		return err
	}

	// train_player_tracking.csv
	tracking, err := newRawCSV(filepath.Join(dir, "train_player_tracking.csv"),
		"game_play", "game_key", "play_id", "nfl_player_id", "datetime", "step", "team", "position", "jersey_number",
		"x_position", "y_position", "speed", "distance", "direction", "orientation", "acceleration", "sa")
	if err != nil {
		return err
	}
	tr := synth.Rand(opt.Seed, "tracking")
	positions := []string{"QB", "WR", "CB", "DE", "OLB", "TE", "G", "T", "C", "SS"}
	odd := []string{"0.50", "-0.0", "2E-05", "", "15.680577101055817", "7.", "010.25"}
	for g, pl := range plays {
		for step := 0; step < steps; step++ {
			for p, id := range pl.ids {
				cells := []string{pl.gp, pl.key, pl.id, strconv.Itoa(id), stamp(g, step), strconv.Itoa(step),
					[]string{"home", "away"}[p%2], positions[(p+g)%len(positions)], strconv.Itoa(1 + (id % 99))}
				for k := 0; k < 8; k++ {
					cells = append(cells, decimal2(tr, k))
				}
				if tr.IntN(8) == 0 {
					cells[9+tr.IntN(8)] = synth.Pick(tr, odd)
				}
				if step == 0 && p == 0 {
					cells[9] = odd[4] // in every play, so on both sides
				}
				tracking.row(cells...)
			}
		}
	}
	if err := tracking.close(); err != nil {
		return err
	}

	// train_video_metadata.csv (Endzone and Sideline only, as on Kaggle)
	meta, err := newRawCSV(filepath.Join(dir, "train_video_metadata.csv"),
		"game_play", "game_key", "play_id", "view", "start_time", "end_time", "snap_time")
	if err != nil {
		return err
	}
	for g, pl := range plays[:games] {
		for _, view := range []string{"Endzone", "Sideline"} {
			s := stamp(g, 0)
			meta.row(pl.gp, pl.key, pl.id, view, s, stamp(g, steps+40), stamp(g, 50))
		}
	}
	if err := meta.close(); err != nil {
		return err
	}

	// videos
	vr := synth.Rand(opt.Seed, "videos")
	for _, pl := range plays[:games] {
		for _, view := range views {
			if err := synth.WriteFile(filepath.Join(dir, "train", pl.gp+"_"+view+".mp4"), fakeMP4(vr)); err != nil {
				return err
			}
		}
	}
	return synth.WriteFile(filepath.Join(dir, "sample_submission.csv"),
		[]byte("contact_id,contact\n58168_003392_0_38590_43854,0\n58168_003392_0_38590_G,0\n"))
}

// decimal2 is a tracking value with two decimals (fewer when they end in 0,
// as Kaggle's file prints them).
func decimal2(r *rand.Rand, k int) string {
	scale := []float64{120, 53.3, 9, 1, 360, 360, 6, 12}[k]
	v := int(r.Float64() * scale * 100)
	if k == 7 {
		v -= int(scale * 50)
	}
	s := strconv.FormatFloat(float64(v)/100, 'f', -1, 64)
	return s
}

// rawCSV writes a raw file row by row (cells never need quoting).
type rawCSV struct {
	f *os.File
	w *bufio.Writer
}

func newRawCSV(path string, header ...string) (*rawCSV, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	c := &rawCSV{f: f, w: bufio.NewWriterSize(f, 1<<20)}
	c.row(header...)
	return c, nil
}

func (c *rawCSV) row(cells ...string) {
	c.w.WriteString(strings.Join(cells, ","))
	c.w.WriteByte('\n')
}

func (c *rawCSV) close() error {
	err := c.w.Flush()
	if cerr := c.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// fakeMP4 is a small ISO base media file (ISO/IEC 14496-12): ftyp, a moov
// holding a version-0 mvhd (no tracks) and an mdat of random bytes.
func fakeMP4(r *rand.Rand) []byte {
	box := func(typ string, payload []byte) []byte {
		b := binary.BigEndian.AppendUint32(nil, uint32(8+len(payload)))
		b = append(b, typ...)
		return append(b, payload...)
	}
	ftyp := append([]byte("isom"), 0, 0, 2, 0)
	ftyp = append(ftyp, "isomiso2mp41"...)
	mvhd := make([]byte, 100)
	binary.BigEndian.PutUint32(mvhd[12:], 60000)   // timescale
	binary.BigEndian.PutUint32(mvhd[16:], 600000)  // duration: 10 s
	binary.BigEndian.PutUint32(mvhd[20:], 0x10000) // rate 1.0
	binary.BigEndian.PutUint16(mvhd[24:], 0x100)   // volume 1.0
	for i, v := range []uint32{0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000} {
		binary.BigEndian.PutUint32(mvhd[36+4*i:], v) // unity matrix
	}
	binary.BigEndian.PutUint32(mvhd[96:], 1) // next track id
	data := make([]byte, 64+r.IntN(64))
	for i := range data {
		data[i] = byte(r.Uint32())
	}
	out := box("ftyp", ftyp)
	out = append(out, box("moov", box("mvhd", mvhd))...)
	return append(out, box("mdat", data)...)
}
