package baseline

import (
	"reflect"
	"testing"
)

func TestSeedFromEnvAndSubsample(t *testing.T) {
	t.Setenv(SeedVar, "7")
	env, err := EnvFromOS(nil)
	if err != nil || !env.Seeded || env.Seed != 7 {
		t.Errorf("env %+v, %v", env, err)
	}
	t.Setenv(SeedVar, "-1")
	if _, err := EnvFromOS(nil); err == nil {
		t.Error("a negative seed was accepted")
	}
	rows := make([][]string, 10)
	for i := range rows {
		rows[i] = []string{string(rune('a' + i))}
	}
	a, b, a2 := subsample(rows, 1), subsample(rows, 2), subsample(rows, 1)
	if len(a) != 9 || !reflect.DeepEqual(a, a2) || reflect.DeepEqual(a, b) {
		t.Errorf("subsample: %v %v %v", a, b, a2)
	}
	for i := 1; i < len(a); i++ {
		if a[i][0] <= a[i-1][0] {
			t.Errorf("rows out of order: %v", a)
		}
	}
}
