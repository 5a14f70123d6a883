// Package dicomfile writes and reads small DICOM Part 10 files for the
// fake raw data of the DICOM competitions (Kaggle ships their scans as
// .dcm files; the original's preparers copy them byte for byte or read a few
// tags). It reproduces the file format DICOM readers such as pydicom open:
// a 128-byte preamble, "DICM", the file meta group (0002) in explicit VR
// little endian with its group length, then the data set in explicit VR
// little endian (transfer syntax 1.2.840.10008.1.2.1), elements in
// ascending tag order, every value padded to an even length (text with a
// space, UIs and binary values with a NUL byte).
//
// Only the subset the fakes need is supported: no sequences, no
// undefined lengths, no encapsulated (compressed) pixel data. Decode reads
// exactly that subset back, for tests.
package dicomfile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
)

// Transfer syntaxes and SOP classes the fakes use.
const (
	ExplicitVRLittleEndian = "1.2.840.10008.1.2.1"
	// SecondaryCaptureImageStorage is the SOP class of plain images.
	SecondaryCaptureImageStorage = "1.2.840.10008.5.1.4.1.1.7"
	// MRImageStorage is the SOP class of MR slices.
	MRImageStorage = "1.2.840.10008.5.1.4.1.1.4"
	// CTImageStorage is the SOP class of CT slices.
	CTImageStorage = "1.2.840.10008.5.1.4.1.1.2"
	// DigitalXRayImageStorage is the SOP class of digital X-rays (for presentation).
	DigitalXRayImageStorage = "1.2.840.10008.5.1.4.1.1.1.1"
	// DigitalMammographyImageStorage is the SOP class of mammograms (for presentation).
	DigitalMammographyImageStorage = "1.2.840.10008.5.1.4.1.1.1.2"
	// CRImageStorage is the SOP class of computed radiography images.
	CRImageStorage = "1.2.840.10008.5.1.4.1.1.1"

	// implementationClassUID names this writer in the file meta group
	// (a 2.25 UUID-derived UID, valid by construction).
	implementationClassUID = "2.25.186469837361386730158398521622306722931"
	implementationVersion  = "MLEBENCH_FAKE"
)

// Tag is a (group, element) pair.
type Tag struct{ Group, Element uint16 }

func (t Tag) String() string { return fmt.Sprintf("(%04X,%04X)", t.Group, t.Element) }

func (t Tag) less(u Tag) bool {
	if t.Group != u.Group {
		return t.Group < u.Group
	}
	return t.Element < u.Element
}

// Tags the fakes use (names as in the DICOM dictionary).
var (
	SOPClassUID               = Tag{0x0008, 0x0016}
	SOPInstanceUID            = Tag{0x0008, 0x0018}
	StudyDate                 = Tag{0x0008, 0x0020}
	Modality                  = Tag{0x0008, 0x0060}
	SeriesDescription         = Tag{0x0008, 0x103E}
	PatientName               = Tag{0x0010, 0x0010}
	PatientID                 = Tag{0x0010, 0x0020}
	PatientAge                = Tag{0x0010, 0x1010}
	BodyPartExamined          = Tag{0x0018, 0x0015}
	SliceThickness            = Tag{0x0018, 0x0050}
	StudyInstanceUID          = Tag{0x0020, 0x000D}
	SeriesInstanceUID         = Tag{0x0020, 0x000E}
	SeriesNumber              = Tag{0x0020, 0x0011}
	InstanceNumber            = Tag{0x0020, 0x0013}
	ImagePositionPatient      = Tag{0x0020, 0x0032}
	ImageOrientationPatient   = Tag{0x0020, 0x0037}
	Laterality                = Tag{0x0020, 0x0060}
	ImageLaterality           = Tag{0x0020, 0x0062}
	SamplesPerPixel           = Tag{0x0028, 0x0002}
	PhotometricInterpretation = Tag{0x0028, 0x0004}
	Rows                      = Tag{0x0028, 0x0010}
	Columns                   = Tag{0x0028, 0x0011}
	PixelSpacing              = Tag{0x0028, 0x0030}
	BitsAllocated             = Tag{0x0028, 0x0100}
	BitsStored                = Tag{0x0028, 0x0101}
	HighBit                   = Tag{0x0028, 0x0102}
	PixelRepresentation       = Tag{0x0028, 0x0103}
	WindowCenter              = Tag{0x0028, 0x1050}
	WindowWidth               = Tag{0x0028, 0x1051}
	RescaleIntercept          = Tag{0x0028, 0x1052}
	RescaleSlope              = Tag{0x0028, 0x1053}
	PixelData                 = Tag{0x7FE0, 0x0010}
)

// Element is one data element: its tag, its two-letter value
// representation and its encoded value (little endian for numbers).
type Element struct {
	Tag   Tag
	VR    string
	Value []byte
}

// textVRs are padded with a space, the others with a NUL byte.
var textVRs = map[string]bool{"AE": true, "AS": true, "CS": true, "DA": true, "DS": true, "DT": true, "IS": true,
	"LO": true, "LT": true, "PN": true, "SH": true, "ST": true, "TM": true, "UC": true, "UR": true, "UT": true}

// longVRs have a 2-byte reserved field and a 4-byte length in explicit VR.
var longVRs = map[string]bool{"OB": true, "OD": true, "OF": true, "OL": true, "OV": true, "OW": true,
	"SQ": true, "SV": true, "UC": true, "UN": true, "UR": true, "UT": true, "UV": true}

var knownVRs = map[string]bool{"AT": true, "FD": true, "FL": true, "SL": true, "SS": true, "UI": true, "UL": true, "US": true}

func validVR(vr string) bool { return textVRs[vr] || longVRs[vr] || knownVRs[vr] }

// Str is a text element (CS, LO, PN, SH, DA, DS, IS, UI, ...); a
// backslash separates multiple values.
func Str(t Tag, vr, s string) Element { return Element{Tag: t, VR: vr, Value: []byte(s)} }

// UID is a UI element.
func UID(t Tag, uid string) Element { return Str(t, "UI", uid) }

// Int is an IS (integer string) element.
func Int(t Tag, v int) Element { return Str(t, "IS", strconv.Itoa(v)) }

// US is an unsigned short element.
func US(t Tag, v uint16) Element {
	return Element{Tag: t, VR: "US", Value: binary.LittleEndian.AppendUint16(nil, v)}
}

// File is one DICOM Part 10 file: its SOP class and instance (repeated in
// the file meta group) and the other data elements, in any order.
type File struct {
	SOPClassUID    string
	SOPInstanceUID string
	Elements       []Element
}

// Image16 is a monochrome 16-bit unsigned image (row-major pixels), the
// form of Kaggle's CT, MR and X-ray scans.
type Image16 struct {
	Rows, Columns int
	Pix           []uint16
}

// Elements are the image pixel module elements for img: samples per
// pixel 1, MONOCHROME2, 16 bits allocated, bitsStored stored, unsigned, and
// the OW pixel data.
func (img Image16) Elements(bitsStored int) ([]Element, error) {
	if img.Rows <= 0 || img.Columns <= 0 || img.Rows > 0xFFFF || img.Columns > 0xFFFF {
		return nil, fmt.Errorf("dicomfile: image size %dx%d out of range", img.Rows, img.Columns)
	}
	if len(img.Pix) != img.Rows*img.Columns {
		return nil, fmt.Errorf("dicomfile: %d pixels for a %dx%d image", len(img.Pix), img.Rows, img.Columns)
	}
	if bitsStored < 1 || bitsStored > 16 {
		return nil, fmt.Errorf("dicomfile: bits stored %d out of 1..16", bitsStored)
	}
	pix := make([]byte, 0, 2*len(img.Pix))
	for _, p := range img.Pix {
		pix = binary.LittleEndian.AppendUint16(pix, p)
	}
	return []Element{
		US(SamplesPerPixel, 1),
		Str(PhotometricInterpretation, "CS", "MONOCHROME2"),
		US(Rows, uint16(img.Rows)),
		US(Columns, uint16(img.Columns)),
		US(BitsAllocated, 16),
		US(BitsStored, uint16(bitsStored)),
		US(HighBit, uint16(bitsStored-1)),
		US(PixelRepresentation, 0),
		{Tag: PixelData, VR: "OW", Value: pix},
	}, nil
}

// padded returns the value padded to even length.
func (e Element) padded() []byte {
	if len(e.Value)%2 == 0 {
		return e.Value
	}
	pad := byte(0)
	if textVRs[e.VR] {
		pad = ' '
	}
	return append(slices.Clip(e.Value), pad)
}

func appendElement(b []byte, e Element) ([]byte, error) {
	if !validVR(e.VR) || e.VR == "SQ" {
		return nil, fmt.Errorf("dicomfile: %v: unsupported VR %q", e.Tag, e.VR)
	}
	v := e.padded()
	b = binary.LittleEndian.AppendUint16(b, e.Tag.Group)
	b = binary.LittleEndian.AppendUint16(b, e.Tag.Element)
	b = append(b, e.VR...)
	if longVRs[e.VR] {
		if uint64(len(v)) >= 0xFFFFFFFF {
			return nil, fmt.Errorf("dicomfile: %v: value too long", e.Tag)
		}
		b = append(b, 0, 0)
		b = binary.LittleEndian.AppendUint32(b, uint32(len(v)))
	} else {
		if len(v) > 0xFFFF {
			return nil, fmt.Errorf("dicomfile: %v: %d bytes do not fit VR %s", e.Tag, len(v), e.VR)
		}
		b = binary.LittleEndian.AppendUint16(b, uint16(len(v)))
	}
	return append(b, v...), nil
}

// Encode returns the Part 10 bytes of f. The data set may not hold group
// 0002 (the file meta group is written from f's UIDs) nor the SOP class
// and instance elements (added from f), nor one tag twice.
func Encode(f File) ([]byte, error) {
	if f.SOPClassUID == "" || f.SOPInstanceUID == "" {
		return nil, errors.New("dicomfile: SOP class and instance UIDs are required")
	}
	var meta []byte
	var err error
	for _, e := range []Element{
		{Tag: Tag{0x0002, 0x0001}, VR: "OB", Value: []byte{0, 1}},
		UID(Tag{0x0002, 0x0002}, f.SOPClassUID),
		UID(Tag{0x0002, 0x0003}, f.SOPInstanceUID),
		UID(Tag{0x0002, 0x0010}, ExplicitVRLittleEndian),
		UID(Tag{0x0002, 0x0012}, implementationClassUID),
		Str(Tag{0x0002, 0x0013}, "SH", implementationVersion),
	} {
		if meta, err = appendElement(meta, e); err != nil {
			return nil, err
		}
	}
	out := make([]byte, 128, 256+len(meta))
	out = append(out, "DICM"...)
	out, _ = appendElement(out, Element{Tag: Tag{0x0002, 0x0000}, VR: "UL", Value: binary.LittleEndian.AppendUint32(nil, uint32(len(meta)))})
	out = append(out, meta...)

	elems := append([]Element{UID(SOPClassUID, f.SOPClassUID), UID(SOPInstanceUID, f.SOPInstanceUID)}, f.Elements...)
	slices.SortStableFunc(elems, func(a, b Element) int {
		switch {
		case a.Tag.less(b.Tag):
			return -1
		case b.Tag.less(a.Tag):
			return 1
		}
		return 0
	})
	for i, e := range elems {
		if e.Tag.Group == 0x0002 {
			return nil, fmt.Errorf("dicomfile: %v: file meta elements are written from File's fields", e.Tag)
		}
		if i > 0 && elems[i-1].Tag == e.Tag {
			return nil, fmt.Errorf("dicomfile: %v given twice", e.Tag)
		}
		if out, err = appendElement(out, e); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Decoded is a file read back by Decode: the file meta and data set
// elements by tag, values with their padding.
type Decoded struct {
	Meta    map[Tag]Element
	Dataset map[Tag]Element
	Order   []Tag // data set tags in file order
}

// Text is the element's text value without trailing padding ("" if
// absent).
func (d *Decoded) Text(t Tag) string {
	e, ok := d.Dataset[t]
	if !ok {
		e, ok = d.Meta[t]
	}
	if !ok {
		return ""
	}
	return string(bytes.TrimRight(e.Value, " \x00"))
}

// Uint16 is a US element's value.
func (d *Decoded) Uint16(t Tag) (uint16, bool) {
	e, ok := d.Dataset[t]
	if !ok || e.VR != "US" || len(e.Value) != 2 {
		return 0, false
	}
	return binary.LittleEndian.Uint16(e.Value), true
}

// Decode parses a Part 10 file in explicit VR little endian as Encode
// writes it, checking the preamble, the prefix, the meta group length and
// the transfer syntax.
func Decode(b []byte) (*Decoded, error) {
	if len(b) < 132 || string(b[128:132]) != "DICM" {
		return nil, errors.New("dicomfile: no DICM prefix after the 128-byte preamble")
	}
	d := &Decoded{Meta: map[Tag]Element{}, Dataset: map[Tag]Element{}}
	pos := 132
	e, n, err := readElement(b, pos)
	if err != nil {
		return nil, err
	}
	if e.Tag != (Tag{0x0002, 0x0000}) || e.VR != "UL" || len(e.Value) != 4 {
		return nil, errors.New("dicomfile: the file meta group does not start with its group length")
	}
	pos = n
	metaEnd := pos + int(binary.LittleEndian.Uint32(e.Value))
	if metaEnd > len(b) {
		return nil, errors.New("dicomfile: file meta group length beyond the end of file")
	}
	for pos < metaEnd {
		if e, pos, err = readElement(b, pos); err != nil {
			return nil, err
		}
		if e.Tag.Group != 0x0002 {
			return nil, fmt.Errorf("dicomfile: %v inside the file meta group", e.Tag)
		}
		d.Meta[e.Tag] = e
	}
	if pos != metaEnd {
		return nil, errors.New("dicomfile: file meta group length does not end on an element")
	}
	if ts := d.Text(Tag{0x0002, 0x0010}); ts != ExplicitVRLittleEndian {
		return nil, fmt.Errorf("dicomfile: transfer syntax %q is not explicit VR little endian", ts)
	}
	var prev *Tag
	for pos < len(b) {
		if e, pos, err = readElement(b, pos); err != nil {
			return nil, err
		}
		if prev != nil && !prev.less(e.Tag) {
			return nil, fmt.Errorf("dicomfile: %v after %v: tags not ascending", e.Tag, *prev)
		}
		t := e.Tag
		prev = &t
		d.Dataset[e.Tag] = e
		d.Order = append(d.Order, e.Tag)
	}
	return d, nil
}

func readElement(b []byte, pos int) (Element, int, error) {
	if pos+8 > len(b) {
		return Element{}, 0, fmt.Errorf("dicomfile: truncated element header at byte %d", pos)
	}
	e := Element{Tag: Tag{binary.LittleEndian.Uint16(b[pos:]), binary.LittleEndian.Uint16(b[pos+2:])}, VR: string(b[pos+4 : pos+6])}
	if !validVR(e.VR) {
		return Element{}, 0, fmt.Errorf("dicomfile: %v: unknown VR %q", e.Tag, e.VR)
	}
	var n int
	if longVRs[e.VR] {
		if pos+12 > len(b) {
			return Element{}, 0, fmt.Errorf("dicomfile: %v: truncated header", e.Tag)
		}
		l := binary.LittleEndian.Uint32(b[pos+8:])
		if l == 0xFFFFFFFF {
			return Element{}, 0, fmt.Errorf("dicomfile: %v: undefined length is not supported", e.Tag)
		}
		n, pos = int(l), pos+12
	} else {
		n, pos = int(binary.LittleEndian.Uint16(b[pos+6:])), pos+8
	}
	if n > len(b)-pos {
		return Element{}, 0, fmt.Errorf("dicomfile: %v: value beyond the end of file", e.Tag)
	}
	if n%2 != 0 {
		return Element{}, 0, fmt.Errorf("dicomfile: %v: odd value length %d", e.Tag, n)
	}
	e.Value = b[pos : pos+n]
	return e, pos + n, nil
}

// UIDFrom is a deterministic UID under the 2.25 root (UUID-derived UIDs):
// "2.25." and the decimal digits of the 127-bit number hi<<64 | lo (hi's
// top bit cleared), at most 39 digits as the standard allows.
func UIDFrom(hi, lo uint64) string {
	hi &= 1<<63 - 1
	if hi == 0 && lo == 0 {
		return "2.25.0"
	}
	var digits []byte
	for hi != 0 || lo != 0 {
		var r, q uint64
		hi, r = hi/10, hi%10
		q, r = bits.Div64(r, lo, 10)
		lo = q
		digits = append(digits, byte('0'+r))
	}
	slices.Reverse(digits)
	return "2.25." + string(digits)
}
