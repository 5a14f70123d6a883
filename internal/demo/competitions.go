package demo

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// Split is the split name every demo competition belongs to.
const Split = "demo"

// spec is one built-in demo competition.
type spec struct {
	id, name, metric string
	lowerIsBetter    bool
	description      string
	impl             *competition.Impl
	// teams is the size of the simulated human leaderboard.
	teams int
	// noiseMedian and noiseSpread define the simulated teams' noise levels
	// (in the units of team): log-normal, noiseMedian·exp(noiseSpread·N(0,1)).
	noiseMedian, noiseSpread float64
	// team returns the submission of a simulated team with the given noise
	// level, built from the private oracle (the Bayes-optimal predictions).
	team func(r *rand.Rand, noise float64, oracle *table.Table) (*table.Table, error)
}

var specs = []*spec{
	{
		id: tabularID, name: "Demo: Subscription Renewal", metric: "auc-roc", description: tabularDescription,
		impl:  &competition.Impl{ID: tabularID, Prepare: tabularPrepare, Grade: tabularGrade, FakeRaw: tabularFakeRaw},
		teams: tabularTeams, noiseMedian: 0.94, noiseSpread: 0.9, team: tabularTeam,
	},
	{
		id: textID, name: "Demo: Forum Posts", metric: "multi-class-log-loss", lowerIsBetter: true, description: textDescription,
		impl:  &competition.Impl{ID: textID, Prepare: textPrepare, Grade: textGrade, FakeRaw: textFakeRaw},
		teams: textTeams, noiseMedian: 1.1, noiseSpread: 0.9, team: textTeam,
	},
	{
		id: imageID, name: "Demo: Blob Sizes", metric: "rmse", lowerIsBetter: true, description: imageDescription,
		impl:  &competition.Impl{ID: imageID, Prepare: imagePrepare, Grade: imageGrade, FakeRaw: imageFakeRaw},
		teams: imageTeams, noiseMedian: 2.1, noiseSpread: 0.9, team: imageTeam,
	},
}

// IDs returns the demo competition ids in catalog (byte) order.
func IDs() []string {
	return []string{imageID, tabularID, textID}
}

func lookup(id string) (*spec, error) {
	for _, s := range specs {
		if s.id == id {
			return s, nil
		}
	}
	return nil, fmt.Errorf("%w: %q is not a demo competition", competition.ErrUnknownCompetition, id)
}

func (s *spec) info() competition.Info {
	return competition.Info{
		ID: s.id, Name: s.name, Type: "simple", AwardsMedals: true, Metric: s.metric,
		Answers:          s.id + "/prepared/private/answers.csv",
		SampleSubmission: s.id + "/prepared/public/sample_submission.csv",
		Description:      "demo:" + s.id,
		Splits:           []string{Split},
		Thresholds:       competition.Thresholds{LowerIsBetter: s.lowerIsBetter},
	}
}

// Impls returns the demo competitions' implementations.
func Impls() []*competition.Impl {
	out := make([]*competition.Impl, len(specs))
	for i, s := range specs {
		out[i] = s.impl
	}
	return out
}

// Description returns a demo competition's description.md text (ours).
func Description(id string) (string, error) {
	s, err := lookup(id)
	if err != nil {
		return "", err
	}
	return s.description, nil
}

// LeaderboardPath is where a demo competition's simulated leaderboard lives:
// next to its data, outside public/ and private/.
func LeaderboardPath(dataDir, id string) string {
	return filepath.Join(dataDir, id, "leaderboard.csv")
}

// ErrNotPrepared is wrapped when the demo data has not been generated.
var ErrNotPrepared = errors.New("demo data not prepared")

// LoadCatalog returns the catalog of the demo competitions prepared under
// dataDir. Medal thresholds come from each competition's simulated
// leaderboard (leaderboard.csv, Kaggle's rank,score format) through
// grade.ThresholdsFromScores, exactly as for a real competition.
func LoadCatalog(dataDir string) (*competition.Catalog, error) {
	infos := make([]competition.Info, 0, len(specs))
	for _, s := range specs {
		info := s.info()
		scores, err := grade.ReadLeaderboardFile(LeaderboardPath(dataDir, s.id))
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w: no leaderboard for %s in %s", ErrNotPrepared, s.id, dataDir)
		}
		if err != nil {
			return nil, err
		}
		th, err := grade.ThresholdsFromScores(scores)
		if err != nil {
			return nil, fmt.Errorf("%s leaderboard: %w", s.id, err)
		}
		if th.LowerIsBetter != s.lowerIsBetter {
			return nil, fmt.Errorf("%s leaderboard: scores are not ordered best first", s.id)
		}
		info.Thresholds, info.Teams = th, len(scores)
		infos = append(infos, info)
	}
	return competition.NewCatalogWith(infos, Impls())
}

// IsDemo reports whether id is a demo competition.
func IsDemo(id string) bool {
	_, err := lookup(id)
	return err == nil
}

// ValidationCatalog returns the demo competitions without medal thresholds:
// enough to validate submissions (the validation server needs only the
// graders and the answers' paths), not to award medals (see LoadCatalog).
func ValidationCatalog() *competition.Catalog {
	infos := make([]competition.Info, len(specs))
	for i, s := range specs {
		infos[i] = s.info()
	}
	cat, err := competition.NewCatalogWith(infos, Impls())
	if err != nil {
		panic(err) // the built-in specs are consistent (tested)
	}
	return cat
}
