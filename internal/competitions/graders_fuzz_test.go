package competitions

import (
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/dog_breed_identification"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// implByID returns the registered implementation of id.
func implByID(t testing.TB, id string) *competition.Impl {
	t.Helper()
	for _, im := range All() {
		if im.ID == id {
			return im
		}
	}
	t.Fatalf("%s not registered", id)
	return nil
}

// FuzzGradersSmallAnswers feeds arbitrary CSV text as a submission to the graders of
// the competitions listed below, each against a small answers table: the grader
// must never panic, and a null score must come with an error.
func FuzzGradersSmallAnswers(f *testing.F) {
	answers := map[string]string{
		"spaceship-titanic":                      "PassengerId,Transported\n0001_01,True\n0002_01,False\n",
		"aerial-cactus-identification":           "id,has_cactus\na.jpg,1\nb.jpg,0\n",
		"aptos2019-blindness-detection":          "id_code,diagnosis\na1,0\nb2,3\n",
		"denoising-dirty-documents":              "id,value\n1_1_1,0.5\n1_1_2,1.0\n",
		"detecting-insults-in-social-commentary": "Insult,Date,Comment,Usage\n1,,\"\"\"a\"\"\",PublicTest\n0,,\"\"\"b\"\"\",PublicTest\n",
		"dogs-vs-cats-redux-kernels-edition":     "id,label\n1,1\n2,0\n",
		"histopathologic-cancer-detection":       "id,label\nf0,1\nb1,0\n",
		"dog-breed-identification":               "id," + strings.Join(dog_breed_identification.Breeds, ",") + "\nq" + strings.Repeat(",0", 119) + ",1\n",
	}
	for _, seed := range []string{
		"", "id\n", "a,b\n1,2\n", "PassengerId,Transported\n0001_01,\n0002_01,x\n",
		"id,has_cactus\na.jpg,nan\nb.jpg,inf\n", "id_code,diagnosis\na1,1e308\nb2,-1e308\n",
		"id,value\n1_1_1,\n1_1_1,\n", "id,label\n1,True\n2,\n", "id,label\n,0.5\n,0.5\n",
		"Comment,Insult\n\"\"\"a\"\"\",1\n\"\"\"b\"\"\",0\n", "\"unterminated\n", "id,label\n1,0.5,extra\n",
	} {
		f.Add(seed)
	}
	impls := map[string]*competition.Impl{}
	tables := map[string]*table.Table{}
	for id, csv := range answers {
		impls[id] = implByID(f, id)
		tables[id] = comptest.Table(f, csv)
	}
	f.Fuzz(func(t *testing.T, csv string) {
		sub, err := table.ReadBytes([]byte(csv), table.ReadOptions{})
		if err != nil {
			return // the harness fails before grading on unreadable CSV
		}
		for id, impl := range impls {
			out := grade.Call(impl, sub, tables[id])
			if out.Err != nil && strings.Contains(out.Err.Error(), "panicked") {
				t.Fatalf("%s: %v", id, out.Err)
			}
			if out.Score == nil && out.Err == nil {
				t.Fatalf("%s: null score without an error", id)
			}
		}
	})
}
