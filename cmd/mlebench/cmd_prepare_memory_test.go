package main

import (
	"runtime/debug"
	"testing"
)

func TestLimitPrepareMemory(t *testing.T) {
	for _, c := range []struct {
		env  string
		want int64 // the limit in force during the prepare; -1: unchanged
	}{
		{"", prepareMemoryLimit},
		{"2GiB", -1},
	} {
		t.Setenv("GOMEMLIMIT", c.env)
		before := debug.SetMemoryLimit(-1)
		restore := limitPrepareMemory()
		during := debug.SetMemoryLimit(-1)
		restore()
		if after := debug.SetMemoryLimit(-1); after != before {
			t.Errorf("GOMEMLIMIT=%q: limit %d after restore, want %d", c.env, after, before)
		}
		want := c.want
		if want < 0 {
			want = before
		}
		if during != want {
			t.Errorf("GOMEMLIMIT=%q: limit %d while preparing, want %d", c.env, during, want)
		}
	}
}
