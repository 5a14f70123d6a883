package dicomfile

import (
	"bytes"
	"flag"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/pydicom_read.txt (with DICOMFILE_PYDICOM=1)")

func sample(t *testing.T) File {
	t.Helper()
	pix, err := Image16{Rows: 2, Columns: 3, Pix: []uint16{0, 1, 2, 300, 4095, 65535}}.Elements(12)
	if err != nil {
		t.Fatal(err)
	}
	return File{
		SOPClassUID:    MRImageStorage,
		SOPInstanceUID: UIDFrom(1, 2),
		Elements: append(pix,
			Str(PatientID, "LO", "00012"), // odd length: padded with a space
			UID(StudyInstanceUID, UIDFrom(3, 4)),
			UID(SeriesInstanceUID, UIDFrom(5, 6)),
			Str(Modality, "CS", "MR"),
			Int(InstanceNumber, 7),
		),
	}
}

func TestRoundTrip(t *testing.T) {
	b, err := Encode(sample(t))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b[:128], make([]byte, 128)) || string(b[128:132]) != "DICM" {
		t.Fatal("no zero preamble and DICM prefix")
	}
	d, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	for tag, want := range map[Tag]string{
		PatientID: "00012", Modality: "MR", InstanceNumber: "7", SOPClassUID: MRImageStorage,
		SOPInstanceUID: UIDFrom(1, 2), {0x0002, 0x0003}: UIDFrom(1, 2), {0x0002, 0x0010}: ExplicitVRLittleEndian,
		PhotometricInterpretation: "MONOCHROME2",
	} {
		if got := d.Text(tag); got != want {
			t.Errorf("%v = %q, want %q", tag, got, want)
		}
	}
	if v := d.Dataset[PatientID].Value; string(v) != "00012 " {
		t.Errorf("PatientID value %q, want space padding", v)
	}
	if r, _ := d.Uint16(Rows); r != 2 {
		t.Errorf("Rows %d", r)
	}
	if c, _ := d.Uint16(Columns); c != 3 {
		t.Errorf("Columns %d", c)
	}
	if px := d.Dataset[PixelData].Value; len(px) != 12 || px[10] != 0xFF || px[6] != 44 || px[7] != 1 {
		t.Errorf("pixel data % x", px)
	}
	for i := 1; i < len(d.Order); i++ {
		if !d.Order[i-1].less(d.Order[i]) {
			t.Fatalf("tags not ascending: %v", d.Order)
		}
	}
}

func TestEncodeErrors(t *testing.T) {
	base := sample(t)
	for name, f := range map[string]File{
		"no SOP class":   {SOPInstanceUID: "1.2"},
		"duplicate tag":  {SOPClassUID: "1.2", SOPInstanceUID: "1.3", Elements: []Element{Str(PatientID, "LO", "a"), Str(PatientID, "LO", "b")}},
		"meta element":   {SOPClassUID: "1.2", SOPInstanceUID: "1.3", Elements: []Element{UID(Tag{2, 0x10}, "1.2")}},
		"SOP UID twice":  {SOPClassUID: "1.2", SOPInstanceUID: "1.3", Elements: []Element{UID(SOPInstanceUID, "1.4")}},
		"unknown VR":     {SOPClassUID: "1.2", SOPInstanceUID: "1.3", Elements: []Element{{Tag: PatientID, VR: "XX"}}},
		"short too long": {SOPClassUID: "1.2", SOPInstanceUID: "1.3", Elements: []Element{Str(PatientID, "LO", strings.Repeat("a", 70000))}},
	} {
		if _, err := Encode(f); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := (Image16{Rows: 2, Columns: 2, Pix: []uint16{1}}).Elements(16); err == nil {
		t.Error("short pixel slice accepted")
	}
	b, _ := Encode(base)
	for name, bad := range map[string][]byte{
		"empty":     nil,
		"no DICM":   append(make([]byte, 128), "DICX"...),
		"truncated": b[:len(b)-3],
		"cut meta":  b[:150],
	} {
		if _, err := Decode(bad); err == nil {
			t.Errorf("decode %s: no error", name)
		}
	}
}

func TestUIDFrom(t *testing.T) {
	for _, c := range [][2]uint64{{0, 0}, {0, 1}, {0, 1<<64 - 1}, {1, 0}, {1<<63 - 1, 1<<64 - 1}, {1<<64 - 1, 12345}, {123456789, 987654321}} {
		hi := c[0] &^ (1 << 63)
		want := new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64)
		want.Add(want, new(big.Int).SetUint64(c[1]))
		got := UIDFrom(c[0], c[1])
		if got != "2.25."+want.String() {
			t.Errorf("UIDFrom(%d, %d) = %s, want 2.25.%s", c[0], c[1], got, want)
		}
		if len(got) > 64 {
			t.Errorf("%s longer than 64 characters", got)
		}
	}
}

// TestPydicom reads an encoded file with pydicom when
// DICOMFILE_PYDICOM=1 (python3-pydicom installed); testdata/pydicom_read.txt
// is its committed output for the sample file.
func TestPydicom(t *testing.T) {
	b, err := Encode(sample(t))
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "pydicom_read.txt")
	want, err := os.ReadFile(golden)
	if err != nil && !*update {
		t.Fatal(err)
	}
	if os.Getenv("DICOMFILE_PYDICOM") != "1" {
		t.Skip("set DICOMFILE_PYDICOM=1 to run pydicom on the sample file")
	}
	path := filepath.Join(t.TempDir(), "sample.dcm")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("/usr/bin/python3", filepath.Join("testdata", "pydicom_read.py"), path).CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if *update {
		if err := os.WriteFile(golden, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(out, want) {
		t.Errorf("pydicom output:\n%s\nwant:\n%s", out, want)
	}
}
