package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
)

// competitionSetIDs resolves run's --competition-set (and prepare's
// --list): an existing file is read as the original reads it (read
// returns its ids); otherwise a split name — low, lite, medium, high, dev,
// split75, all, …, with or without ".txt" — gives that split, from
// experiments/splits/<name>.txt under the project root when it exists, else
// the built-in list, as aggregate --split resolves names.
func competitionSetIDs(g *Global, set string, read func(string) ([]string, error)) ([]string, error) {
	if st, err := os.Stat(set); err == nil && !st.IsDir() {
		return read(set)
	}
	name := strings.TrimSuffix(set, ".txt")
	if name != "" && !strings.ContainsAny(name, `/\`) && !strings.HasPrefix(name, ".") {
		if ids, err := splitIDsFromProject(g, name); err == nil {
			return ids, nil
		}
	}
	return nil, fmt.Errorf("competition set %s: no such file, and not a split name (%s)", set, strings.Join(splitNames(), ", "))
}

// checkCompetitionsPrepared looks every id up and checks that it is
// prepared, reporting all unknown and all unprepared ids at once, with the
// one command that prepares the missing ones.
func checkCompetitionsPrepared(g *Global, ids []string, set string, dataDirGiven bool) error {
	var unknown, missing []string
	for _, id := range ids {
		comp, err := g.Catalog.Lookup(id)
		if err != nil {
			unknown = append(unknown, err.Error())
			continue
		}
		if err := comp.CheckPrepared(g.DataDir, false); err != nil {
			var npe *competition.NotPreparedError
			if !errors.As(err, &npe) {
				return err
			}
			missing = append(missing, id)
		}
	}
	if len(unknown) > 0 {
		return errors.New(strings.Join(unknown, "\n"))
	}
	if len(missing) == 0 {
		return nil
	}
	if len(missing) == 1 {
		// The original's message, word for word.
		comp, _ := g.Catalog.Lookup(missing[0])
		return comp.CheckPrepared(g.DataDir, false)
	}
	cmd := "mlebench prepare --list " + set
	if set == "lite" || set == "low" || set == "lite.txt" || set == "low.txt" {
		cmd = "mlebench prepare --lite"
	}
	if dataDirGiven {
		cmd += " --data-dir " + g.DataDir
	}
	return fmt.Errorf("%d of the %d competitions are not prepared in %s: %s\nprepare them with: %s", len(missing), len(ids), g.DataDir, strings.Join(missing, ", "), cmd)
}
