package cdiscount_image_classification_challenge

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/x/bsonx/bsoncore"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// categories are Cdiscount-style 10-digit category ids with three-level
// names; the first is the sample submission's 1000010653.
var categories = []struct {
	id                     int64
	level1, level2, level3 string
}{
	{1000010653, "TELEPHONIE - GPS", "ACCESSOIRE TELEPHONE", "COQUE TELEPHONE - BUMPER TELEPHONE"},
	{1000010667, "TELEPHONIE - GPS", "ACCESSOIRE TELEPHONE", "FILM PROTECTION TELEPHONE"},
	{1000004079, "INFORMATIQUE", "CONNECTIQUE - ALIMENTATION", "CABLE INFORMATIQUE"},
	{1000018290, "LIBRAIRIE", "LITTERATURE", "ROMAN"},
	{1000000041, "ABONNEMENT / SERVICES", "CARTE PREPAYEE", "CARTE PREPAYEE MULTIMEDIA"},
	{1000005613, "AUTO - MOTO", "PIECES", "PLAQUETTE DE FREIN, MACHOIRE"},
	{1000014202, "BRICOLAGE - OUTILLAGE - QUINCAILLERIE", "QUINCAILLERIE", "VIS, CLOU, CHEVILLE"},
	{1000012993, "DVD - BLU-RAY", "DVD", "DVD, BLU-RAY, ÉDITION SPÉCIALE"},
}

// FakeRaw writes train.bson (default 300 product documents laid out _id,
// imgs [{picture: JPEG}], category_id as in Kaggle; int32 values), the
// category_names.csv, and the unused test.bson, train_example.bson and
// sample_submission.csv. Quirks exercised: every 37th document has its keys
// in the order category_id, _id, imgs (pymongo writes _id first), one has an
// int64 _id, one has an imgs array with non-canonical keys (re-keyed "0",
// "1" on output), one has no images.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "cdiscount-image-classification-challenge")
	n := max(2, synth.Rows(opt.Rows, 300))
	// Streamed: the real 7M products are ≈ 11.6 GB.
	train, err := synth.CreateFile(filepath.Join(dir, "train.bson"))
	if err != nil {
		return err
	}
	id := int64(0)
	for k := range n {
		id += 1 + int64(r.IntN(30))
		doc, err := fakeDocument(r, k, id, categories[r.IntN(len(categories))].id, true)
		if err != nil {
			train.Close()
			return err
		}
		train.Write(doc)
	}
	if err := train.Close(); err != nil {
		return err
	}
	names := synth.CSV{Header: []string{"category_id", "category_level1", "category_level2", "category_level3"}}
	for _, c := range categories {
		names.Add(strconv.FormatInt(c.id, 10), c.level1, c.level2, c.level3)
	}
	if err := names.Write(filepath.Join(dir, "category_names.csv")); err != nil {
		return err
	}
	// Unused by prepare: Kaggle's test set, example file and sample.
	var test, example bytes.Buffer
	sample := synth.CSV{Header: []string{"_id", "category_id"}}
	for k := range 5 {
		doc, err := fakeDocument(r, 1, int64(10+k), 0, false)
		if err != nil {
			return err
		}
		test.Write(doc)
		sample.Add(strconv.Itoa(10+k), "1000010653")
		if doc, err = fakeDocument(r, 1, int64(k), categories[k].id, true); err != nil {
			return err
		}
		example.Write(doc)
	}
	if err := synth.WriteFile(filepath.Join(dir, "test.bson"), test.Bytes()); err != nil {
		return err
	}
	if err := synth.WriteFile(filepath.Join(dir, "train_example.bson"), example.Bytes()); err != nil {
		return err
	}
	return sample.Write(filepath.Join(dir, "sample_submission.csv"))
}

func fakeDocument(r *rand.Rand, k int, id, cat int64, withCategory bool) ([]byte, error) {
	var imgs bson.A
	nImg := 1 + r.IntN(3)
	if k == 11 {
		nImg = 0
	}
	pics := make([][]byte, nImg)
	for i := range pics {
		jpg, err := synth.JPEG(synth.RGB(r, 12, 12))
		if err != nil {
			return nil, err
		}
		pics[i] = jpg
		imgs = append(imgs, bson.D{{Key: "picture", Value: bson.Binary{Subtype: 0, Data: jpg}}})
	}
	var idValue any = int32(id)
	if k == 7 {
		idValue = id // int64
	}
	doc := bson.D{{Key: "_id", Value: idValue}, {Key: "imgs", Value: imgs}}
	if withCategory {
		doc = append(doc, bson.E{Key: "category_id", Value: int32(cat)})
		if k%37 == 36 {
			doc = bson.D{doc[2], doc[0], doc[1]}
		}
	}
	if k == 5 && nImg > 0 { // imgs with keys "a", "b", ... (arrays decode to lists)
		idx, arr := bsoncore.AppendDocumentStart(nil)
		for i, p := range pics {
			pi, pic := bsoncore.AppendDocumentStart(nil)
			pic = bsoncore.AppendBinaryElement(pic, "picture", 0, p)
			pic, _ = bsoncore.AppendDocumentEnd(pic, pi)
			arr = bsoncore.AppendDocumentElement(arr, fmt.Sprintf("%c", 'a'+i), pic)
		}
		arr, _ = bsoncore.AppendDocumentEnd(arr, idx)
		di, out := bsoncore.AppendDocumentStart(nil)
		out = bsoncore.AppendInt32Element(out, "_id", int32(id))
		out = bsoncore.AppendArrayElement(out, "imgs", arr)
		out = bsoncore.AppendInt32Element(out, "category_id", int32(cat))
		return bsoncore.AppendDocumentEnd(out, di)
	}
	return bson.Marshal(doc)
}
