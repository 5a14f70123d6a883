package matfile

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func video() *Array {
	labels := StructArray([]string{"Name", "Begin", "End"},
		map[string]*Array{"Name": String("vattene"), "Begin": Scalar(10), "End": Scalar(52)},
		map[string]*Array{"Name": String("ok"), "Begin": Scalar(60), "End": Scalar(99)},
		map[string]*Array{"Name": String("sonostufo"), "Begin": Scalar(120), "End": Scalar(170)})
	return StructArray([]string{"NumFrames", "FrameRate", "Labels", "MaxDepth", "Matrix"}, map[string]*Array{
		"NumFrames": Scalar(1254), "FrameRate": Scalar(20), "Labels": labels, "MaxDepth": Scalar(3000),
		"Matrix": Matrix(2, 3, []float64{1.5, 4, 2, 5, 3, -6.25}),
	})
}

// checkVideo checks the content both our writer and scipy's fixtures hold.
func checkVideo(t *testing.T, vars []Var) {
	t.Helper()
	byName := map[string]*Array{}
	for _, v := range vars {
		byName[v.Name] = v.Value
	}
	v := byName["Video"]
	if v == nil || v.Class != Struct || v.Len() != 1 {
		t.Fatalf("Video: %+v", v)
	}
	if nf := v.Field(0, "NumFrames"); nf == nil || !reflect.DeepEqual(nf.Real, []float64{1254}) {
		t.Errorf("NumFrames %+v", nf)
	}
	if md := v.Field(0, "MaxDepth"); md == nil || !reflect.DeepEqual(md.Real, []float64{3000}) {
		t.Errorf("MaxDepth %+v", md)
	}
	m := v.Field(0, "Matrix")
	if m == nil || !reflect.DeepEqual(m.Dims, []int{2, 3}) || !reflect.DeepEqual(m.Real, []float64{1.5, 4, 2, 5, 3, -6.25}) {
		t.Errorf("Matrix %+v", m)
	}
	l := v.Field(0, "Labels")
	if l == nil || l.Len() != 3 {
		t.Fatalf("Labels %+v", l)
	}
	var names []string
	var ends []float64
	for i := range 3 {
		names = append(names, l.Field(i, "Name").Text)
		ends = append(ends, l.Field(i, "End").Real[0])
	}
	if !reflect.DeepEqual(names, []string{"vattene", "ok", "sonostufo"}) || !reflect.DeepEqual(ends, []float64{52, 99, 170}) {
		t.Errorf("labels %v %v", names, ends)
	}
}

func TestRoundTrip(t *testing.T) {
	var b bytes.Buffer
	vars := []Var{{"Video", video()}, {"cells", CellRow(String("a"), Matrix(1, 2, []float64{1, 2}))},
		{"word", String("perfetto è")}, {"empty", StructArray([]string{"x"})}}
	if err := Write(&b, vars); err != nil {
		t.Fatal(err)
	}
	first := b.Bytes()
	var again bytes.Buffer
	Write(&again, vars)
	if !bytes.Equal(first, again.Bytes()) {
		t.Error("Write is not deterministic")
	}
	if len(first)%8 != 0 || string(first[126:128]) != "IM" {
		t.Errorf("layout: %d bytes, indicator %q", len(first), first[126:128])
	}
	got, err := Read(bytes.NewReader(first))
	if err != nil {
		t.Fatal(err)
	}
	checkVideo(t, got)
	if len(got) != 4 || got[2].Value.Text != "perfetto è" || got[1].Value.Elems[0][0].Text != "a" || got[3].Value.Len() != 0 {
		t.Errorf("other variables: %+v", got)
	}
}

// TestReadScipy reads files scipy.io.savemat wrote
// (testdata/make_scipy_fixtures.py), uncompressed and compressed.
func TestReadScipy(t *testing.T) {
	for _, name := range []string{"scipy_v5.mat", "scipy_v5z.mat"} {
		t.Run(name, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", name))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			vars, err := Read(f)
			if err != nil {
				t.Fatal(err)
			}
			checkVideo(t, vars)
			byName := map[string]*Array{}
			for _, v := range vars {
				byName[v.Name] = v.Value
			}
			if w := byName["word"]; w == nil || w.Text != "perfetto è" {
				t.Errorf("word %+v", w)
			}
			if fl := byName["flag"]; fl == nil || !fl.Logical || !reflect.DeepEqual(fl.Real, []float64{1, 0}) {
				t.Errorf("flag %+v", fl)
			}
			c := byName["cells"]
			if c == nil || c.Class != Cell || c.Len() != 2 || c.Elems[0][0].Text != "a" || !reflect.DeepEqual(c.Elems[1][0].Real, []float64{1, 2}) {
				t.Errorf("cells %+v", c)
			}
		})
	}
}

// TestReadBigEndian reads a hand-built big-endian file: x = 2.5.
func TestReadBigEndian(t *testing.T) {
	be := binary.BigEndian
	b := make([]byte, 128)
	copy(b, "MATLAB 5.0 MAT-file")
	be.PutUint16(b[124:], 0x0100)
	b[126], b[127] = 'M', 'I'
	var body []byte
	body = be.AppendUint32(body, miUINT32)
	body = be.AppendUint32(body, 8)
	body = be.AppendUint32(body, mxDOUBLE)
	body = be.AppendUint32(body, 0)
	body = be.AppendUint32(body, miINT32)
	body = be.AppendUint32(body, 8)
	body = be.AppendUint32(body, 1)
	body = be.AppendUint32(body, 1)
	body = be.AppendUint32(body, 1<<16|miINT8) // small element "x"
	body = append(body, 'x', 0, 0, 0)
	body = be.AppendUint32(body, miDOUBLE)
	body = be.AppendUint32(body, 8)
	body = be.AppendUint64(body, math.Float64bits(2.5))
	b = be.AppendUint32(b, miMATRIX)
	b = be.AppendUint32(b, uint32(len(body)))
	b = append(b, body...)
	vars, err := Read(bytes.NewReader(b))
	if err != nil || len(vars) != 1 || vars[0].Name != "x" || !reflect.DeepEqual(vars[0].Value.Real, []float64{2.5}) {
		t.Fatalf("%+v %v", vars, err)
	}
}

func TestErrors(t *testing.T) {
	var ok bytes.Buffer
	Write(&ok, []Var{{"Video", video()}})
	good := ok.Bytes()
	for name, data := range map[string][]byte{
		"empty":        nil,
		"no indicator": append(append([]byte{}, good[:126]...), 'X', 'X'),
		"truncated":    good[:len(good)-20],
		"huge length": func() []byte {
			b := append([]byte{}, good...)
			binary.LittleEndian.PutUint32(b[132:], 1<<31)
			return b
		}(),
	} {
		if _, err := Read(bytes.NewReader(data)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	for name, v := range map[string]*Array{
		"values/dims":  {Class: Double, Dims: []int{2, 2}, Real: []float64{1}},
		"one dim":      {Class: Double, Dims: []int{1}, Real: []float64{1}},
		"nil field":    StructArray([]string{"a"}, map[string]*Array{}),
		"no class":     {Dims: []int{1, 1}},
		"long field":   StructArray([]string{string(make([]byte, 70))}, map[string]*Array{string(make([]byte, 70)): Scalar(1)}),
		"cells/dims":   {Class: Cell, Dims: []int{1, 2}, Elems: [][]*Array{{Scalar(1)}}},
		"chars/dims":   {Class: Char, Dims: []int{1, 3}, Text: "ab"},
		"negative dim": {Class: Double, Dims: []int{-1, 1}},
	} {
		if err := Write(&bytes.Buffer{}, []Var{{"v", v}}); err == nil {
			t.Errorf("write %s: accepted", name)
		}
	}
}

// FuzzRead: arbitrary bytes after a valid header never panic.
func FuzzRead(f *testing.F) {
	var b bytes.Buffer
	Write(&b, []Var{{"Video", video()}, {"c", CellRow(String("x"))}})
	f.Add(b.Bytes())
	z, _ := os.ReadFile(filepath.Join("testdata", "scipy_v5z.mat"))
	f.Add(z)
	f.Fuzz(func(t *testing.T, data []byte) { Read(bytes.NewReader(data)) })
}
