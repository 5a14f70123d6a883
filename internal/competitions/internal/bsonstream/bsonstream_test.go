package bsonstream

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/x/bsonx/bsoncore"
)

func marshal(t *testing.T, d bson.D) []byte {
	t.Helper()
	b, err := bson.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestReader(t *testing.T) {
	a := marshal(t, bson.D{{Key: "_id", Value: int32(1)}, {Key: "category_id", Value: int64(5)}})
	b := marshal(t, bson.D{{Key: "_id", Value: int64(2)}, {Key: "imgs", Value: bson.A{bson.D{{Key: "picture", Value: []byte{1, 2}}}}}})
	stream := append(append([]byte{}, a...), b...)
	r := NewReader(bytes.NewReader(stream))
	var ids []int64
	for {
		doc, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		id, err := Int(doc, "_id")
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if len(ids) != 2 || ids[0] != 1 || ids[1] != 2 || r.Offset() != int64(len(stream)) {
		t.Fatalf("ids %v offset %d", ids, r.Offset())
	}
	if _, err := Int(a, "missing"); err == nil {
		t.Error("missing key accepted")
	}
	if _, err := Int(b, "imgs"); err == nil {
		t.Error("array as int accepted")
	}

	huge := make([]byte, 4)
	binary.LittleEndian.PutUint32(huge, MaxDocumentSize+1)
	badTerminator := append([]byte{}, a...)
	badTerminator[len(badTerminator)-1] = 7
	for name, data := range map[string][]byte{
		"cut-off size":     append(append([]byte{}, a...), 1, 0),
		"cut-off document": append(append([]byte{}, a...), b[:len(b)-3]...),
		"size below 5":     {4, 0, 0, 0},
		"negative size":    {0xff, 0xff, 0xff, 0xff},
		"over the limit":   huge,
		"bad terminator":   badTerminator,
		"garbage element":  {8, 0, 0, 0, 0x77, 'k', 0, 0},
	} {
		r := NewReader(bytes.NewReader(data))
		var err error
		for err == nil {
			_, err = r.Next()
		}
		if errors.Is(err, io.EOF) {
			t.Errorf("%s: clean EOF, want an error", name)
		}
	}
	if _, err := NewReader(bytes.NewReader(nil)).Next(); err != io.EOF {
		t.Errorf("empty stream: %v", err)
	}
}

func TestReencode(t *testing.T) {
	canonical := marshal(t, bson.D{{Key: "_id", Value: int32(1)},
		{Key: "imgs", Value: bson.A{bson.D{{Key: "picture", Value: []byte{1, 2, 3}}}, bson.D{{Key: "picture", Value: []byte{4}}}}},
		{Key: "category_id", Value: int32(1000010653)}})
	got, err := Reencode(nil, canonical, "")
	if err != nil || !bytes.Equal(got, canonical) {
		t.Fatalf("canonical document changed: %v", err)
	}
	// _id moves first; nested order is kept; category_id dropped.
	moved := marshal(t, bson.D{{Key: "category_id", Value: int32(9)}, {Key: "z", Value: bson.D{{Key: "b", Value: 1.5}, {Key: "_id", Value: "x"}}},
		{Key: "_id", Value: int64(3)}})
	want := marshal(t, bson.D{{Key: "_id", Value: int64(3)}, {Key: "z", Value: bson.D{{Key: "b", Value: 1.5}, {Key: "_id", Value: "x"}}}})
	if got, err = Reencode(nil, moved, "category_id"); err != nil || !bytes.Equal(got, want) {
		t.Errorf("moved/dropped:\n got %v\nwant %v (%v)", bson.Raw(got), bson.Raw(want), err)
	}
	// Arrays are re-keyed, also nested ones.
	arr := func(keys ...string) []byte {
		i, a := bsoncore.AppendDocumentStart(nil)
		for k, key := range keys {
			a = bsoncore.AppendInt32Element(a, key, int32(k))
		}
		a, _ = bsoncore.AppendDocumentEnd(a, i)
		return a
	}
	doc := func(a []byte) []byte {
		i, d := bsoncore.AppendDocumentStart(nil)
		d = bsoncore.AppendInt32Element(d, "_id", 1)
		si, sub := bsoncore.AppendDocumentStart(nil)
		sub = bsoncore.AppendArrayElement(sub, "inner", a)
		sub, _ = bsoncore.AppendDocumentEnd(sub, si)
		d = bsoncore.AppendDocumentElement(d, "meta", sub)
		d = bsoncore.AppendArrayElement(d, "list", a)
		d, _ = bsoncore.AppendDocumentEnd(d, i)
		return d
	}
	if got, err = Reencode(nil, doc(arr("x", "yy", "7")), ""); err != nil || !bytes.Equal(got, doc(arr("0", "1", "2"))) {
		t.Errorf("arrays not re-keyed: %v %v", bson.Raw(got), err)
	}
	// Invalid UTF-8 fails as pymongo's strict decoding does.
	bad := marshal(t, bson.D{{Key: "_id", Value: int32(1)}, {Key: "s", Value: "ok"}})
	k := bytes.Index(bad, []byte("ok"))
	bad[k] = 0xff
	if _, err := Reencode(nil, bad, ""); err == nil || !strings.Contains(err.Error(), "UTF-8") {
		t.Errorf("invalid UTF-8 accepted: %v", err)
	}
	// Appends to dst.
	if got, _ := Reencode([]byte("pre"), canonical, ""); !bytes.Equal(got, append([]byte("pre"), canonical...)) {
		t.Error("dst not kept")
	}
}

// FuzzReader: arbitrary bytes never panic the reader or the re-encoder.
func FuzzReader(f *testing.F) {
	f.Add([]byte{5, 0, 0, 0, 0})
	b, _ := bson.Marshal(bson.D{{Key: "_id", Value: int32(1)}, {Key: "a", Value: bson.A{int32(1), "x"}}})
	f.Add(b)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(bytes.NewReader(data))
		for {
			doc, err := r.Next()
			if err != nil {
				return
			}
			Int(doc, "_id")
			Reencode(nil, doc, "category_id")
		}
	})
}
