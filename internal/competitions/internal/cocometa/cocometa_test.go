package cocometa

import (
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestWriteObjectMatchesPythonDump(t *testing.T) {
	// Expected bytes from Python 3:
	// json.dumps({"b": [{"z": 1, "a": "é\"/<"}, {}], "a": {"y": [], "x": 1.0, "w": 1e-05, "v": None, "u": True}, "c": []}, indent=4, sort_keys=True)
	want := "{\n    \"a\": {\n        \"u\": true,\n        \"v\": null,\n        \"w\": 1e-05,\n        \"x\": 1.0,\n        \"y\": []\n    },\n    \"b\": [\n        {\n            \"a\": \"\\u00e9\\\"/<\",\n            \"z\": 1\n        },\n        {}\n    ],\n    \"c\": []\n}"
	rec1, err := Marshal(map[string]any{"z": big.NewInt(1), "a": "é\"/<"})
	if err != nil {
		t.Fatal(err)
	}
	rec2, _ := Marshal(map[string]any{})
	path := filepath.Join(t.TempDir(), "m.json")
	err = WriteObject(path, map[string]any{
		"b": Records{rec1, rec2},
		"a": json.RawMessage(`{"y": [], "x": 1.0, "w": 0.00001, "v": null, "u": true}`),
		"c": Records(nil),
	})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if string(got) != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if err := WriteList(path, Records{rec2, rec2}); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != "[\n    {},\n    {}\n]" {
		t.Fatalf("list: %q", got)
	}
}

func TestDecodeEqual(t *testing.T) {
	v, err := Decode(json.RawMessage(`{"a": 12345678901234567890123, "b": 1.0, "c": -0, "d": 1E2, "a": 5}`))
	if err != nil {
		t.Fatal(err)
	}
	m := v.(map[string]any)
	if m["a"].(*big.Int).Int64() != 5 || m["b"].(float64) != 1 || m["c"].(*big.Int).Sign() != 0 || m["d"].(float64) != 100 {
		t.Fatalf("decoded %v", m)
	}
	for _, c := range []struct {
		a, b any
		eq   bool
	}{
		{big.NewInt(1), 1.0, true}, {big.NewInt(1), true, true}, {"1", big.NewInt(1), false},
		{[]any{big.NewInt(2)}, []any{2.0}, true}, {nil, nil, true}, {nil, "x", false},
		{map[string]any{"a": "x"}, map[string]any{"a": "x"}, true}, {1.5, big.NewInt(1), false},
	} {
		if Equal(c.a, c.b) != c.eq {
			t.Errorf("Equal(%v, %v) != %v", c.a, c.b, c.eq)
		}
	}
	if _, err := List(json.RawMessage(`{}`), "x"); err == nil {
		t.Error("List accepted an object")
	}
	if l, err := List(json.RawMessage(` [] `), "x"); err != nil || len(l) != 0 {
		t.Errorf("List([]) = %v, %v", l, err)
	}
}

func TestPadCategoryDir(t *testing.T) {
	for n, want := range map[int64]string{15504: "155/04", 3: "000/03", 123456: "1234/56", 0: "000/00"} {
		if got := CategoryDir(big.NewInt(n)); got != want {
			t.Errorf("CategoryDir(%d) = %s, want %s", n, got, want)
		}
	}
	if got := Pad(big.NewInt(-5), 3); got != "-05" {
		t.Errorf("Pad(-5, 3) = %s", got)
	}
}

func TestGroupAndSplit(t *testing.T) {
	anns := []json.RawMessage{
		json.RawMessage(`{"category_id": 7, "image_id": 1}`),
		json.RawMessage(`{"category_id": 3, "image_id": 2}`),
		json.RawMessage(`{"category_id": 7, "image_id": 3.0}`),
	}
	imgs := []json.RawMessage{json.RawMessage(`{"id": 1}`), json.RawMessage(`{"id": 2}`), json.RawMessage(`{"id": 3}`), json.RawMessage(`{"id": 4}`)}
	cats, err := Group(anns, imgs, "image_id", "id")
	if err != nil {
		t.Fatal(err)
	}
	if len(cats) != 2 || cats[0].ID.Int64() != 7 || !slices.Equal(cats[0].Items, []int{0, 2}) || !slices.Equal(cats[1].Items, []int{1}) {
		t.Fatalf("groups %+v", cats)
	}
	imgs[1] = json.RawMessage(`{"id": "2"}`)
	if _, err := Group(anns, imgs, "image_id", "id"); err == nil {
		t.Error("Group accepted image_id 2 against id \"2\"")
	}
	anns[0] = json.RawMessage(`{"category_id": "7", "image_id": 1}`)
	if _, err := Group(anns, imgs, "image_id", "id"); err == nil {
		t.Error("Group accepted a text category_id")
	}

	for _, c := range []struct {
		n           int
		train, test []int
	}{
		{1, []int{0}, nil},
		{3, []int{0, 1}, []int{2}},
		{5, []int{0, 1, 3, 4}, []int{2}}, // RandomState(0).permutation(5) = [2 0 1 3 4]
		{10, []int{4, 9, 1, 6, 7, 3, 0, 5}, []int{2, 8}},
	} {
		train, test, err := SplitSmall(c.n, 0.2)
		if err != nil || !slices.Equal(train, c.train) || !slices.Equal(test, c.test) {
			t.Errorf("SplitSmall(%d) = %v %v %v", c.n, train, test, err)
		}
	}
}
