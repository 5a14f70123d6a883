package buildinfo

import (
	"runtime/debug"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	tests := []struct {
		name string
		info *debug.BuildInfo
		want Info
		str  string
	}{
		{"unknown", nil, Info{Version: "(devel)", Go: "go1"}, "(devel)"},
		{"installed", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, Info{Version: "v1.2.3", Go: "go1"}, "v1.2.3"},
		{"checkout", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "true"}}},
			Info{Version: "(devel)", Commit: "0123456789abcdef0123", Modified: true, Go: "go1"}, "(devel) commit 0123456789ab (modified)"},
		{"clean checkout", &debug.BuildInfo{Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "false"}}},
			Info{Version: "(devel)", Commit: "abc", Go: "go1"}, "(devel) commit abc"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := FromBuildInfo(tc.info, "go1")
			if got != tc.want || got.String() != tc.str {
				t.Errorf("got %+v %q, want %+v %q", got, got.String(), tc.want, tc.str)
			}
		})
	}
}
