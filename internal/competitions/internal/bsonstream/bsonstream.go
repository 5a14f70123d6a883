// Package bsonstream reads and writes BSON document streams (files that are
// plain concatenations of BSON documents, as MongoDB dumps and Kaggle's
// cdiscount files are) the way the original's preparers do with pymongo:
// bson.decode_file_iter to read, BSON.encode of each decoded document to
// write.
//
// Contract:
//   - [Reader.Next] returns one document at a time in a buffer it reuses, so
//     memory is bounded by the largest document ([MaxDocumentSize]), never
//     by the file. Like decode_file_iter it stops cleanly only at a document
//     boundary; a cut-off length prefix or document, a bad terminator or an
//     invalid document is an error naming the byte offset.
//   - [Reencode] gives the bytes pymongo writes for a decoded document: the
//     top-level "_id" element moved first (pymongo always writes it first),
//     arrays re-keyed "0", "1", … (they decode to lists), every other
//     element byte for byte in its order; optionally without one top-level
//     key. Strings and keys must be valid UTF-8 (pymongo decodes strictly).
//     For canonically encoded input with "_id" first the result is the
//     input. Not reproduced: pymongo's conversions of deprecated types
//     (undefined, DBPointer, symbol) and of DBRef-shaped subdocuments, which
//     it re-encodes differently; such elements are copied unchanged.
package bsonstream

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// MaxDocumentSize bounds one document (BSON's own limit is 2 GiB; MongoDB's
// 16 MiB). A larger length prefix is reported as an error before any
// allocation.
const MaxDocumentSize = 256 << 20

// Reader reads a stream of BSON documents.
type Reader struct {
	r   *bufio.Reader
	buf []byte
	off int64
}

// NewReader returns a Reader over r (buffered internally).
func NewReader(r io.Reader) *Reader { return &Reader{r: bufio.NewReaderSize(r, 1<<20)} }

// Offset returns the byte offset of the next document.
func (r *Reader) Offset() int64 { return r.off }

// Next returns the next document, valid until the following call, or io.EOF
// at the end of the stream.
func (r *Reader) Next() (bson.Raw, error) {
	var head [4]byte
	n, err := io.ReadFull(r.r, head[:])
	switch {
	case err == io.EOF:
		return nil, io.EOF
	case err == io.ErrUnexpectedEOF:
		return nil, fmt.Errorf("bson: cut off in middle of objsize at byte %d (%d bytes)", r.off, n)
	case err != nil:
		return nil, fmt.Errorf("bson: at byte %d: %w", r.off, err)
	}
	size := int64(int32(binary.LittleEndian.Uint32(head[:])))
	if size < 5 {
		return nil, fmt.Errorf("bson: invalid document size %d at byte %d", size, r.off)
	}
	if size > MaxDocumentSize {
		return nil, fmt.Errorf("bson: document of %d bytes at byte %d exceeds the %d-byte limit", size, r.off, MaxDocumentSize)
	}
	if int64(cap(r.buf)) < size {
		r.buf = make([]byte, size)
	}
	doc := r.buf[:size]
	copy(doc, head[:])
	if _, err := io.ReadFull(r.r, doc[4:]); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil, fmt.Errorf("bson: document at byte %d cut off (%d bytes announced)", r.off, size)
		}
		return nil, fmt.Errorf("bson: at byte %d: %w", r.off, err)
	}
	if err := bson.Raw(doc).Validate(); err != nil {
		return nil, fmt.Errorf("bson: invalid document at byte %d: %w", r.off, err)
	}
	r.off += size
	return bson.Raw(doc), nil
}

// Int returns the integer value of a top-level key (BSON int32 or int64, as
// pymongo decodes both to int); an error when the key is missing or holds
// another type.
func Int(doc bson.Raw, key string) (int64, error) {
	v, err := doc.LookupErr(key)
	if err != nil {
		return 0, fmt.Errorf("bson: document has no %q: %w", key, err)
	}
	switch v.Type {
	case bson.TypeInt32:
		return int64(v.Int32()), nil
	case bson.TypeInt64:
		return v.Int64(), nil
	}
	return 0, fmt.Errorf("bson: %q is %s, want an integer", key, v.Type)
}

// Reencode appends to dst the bytes pymongo's BSON.encode writes for doc
// decoded, without the top-level element drop ("" keeps all).
func Reencode(dst []byte, doc bson.Raw, drop string) ([]byte, error) {
	elems, err := doc.Elements()
	if err != nil {
		return dst, fmt.Errorf("bson: %w", err)
	}
	start := len(dst)
	dst = append(dst, 0, 0, 0, 0)
	// _id first.
	for _, e := range elems {
		if e.Key() == "_id" && drop != "_id" {
			if dst, err = appendElement(dst, e, e.Key()); err != nil {
				return dst, err
			}
		}
	}
	for _, e := range elems {
		if k := e.Key(); k != "_id" && k != drop {
			if dst, err = appendElement(dst, e, k); err != nil {
				return dst, err
			}
		}
	}
	dst = append(dst, 0)
	binary.LittleEndian.PutUint32(dst[start:], uint32(len(dst)-start))
	return dst, nil
}

// appendElement appends element e under key, re-keying arrays inside it.
func appendElement(dst []byte, e bson.RawElement, key string) ([]byte, error) {
	if !utf8.ValidString(key) {
		return dst, errors.New("bson: key is not valid UTF-8")
	}
	v := e.Value()
	switch v.Type {
	case bson.TypeEmbeddedDocument, bson.TypeArray:
		dst = append(dst, byte(v.Type))
		dst = append(dst, key...)
		dst = append(dst, 0)
		return appendDocument(dst, bson.Raw(v.Value), v.Type == bson.TypeArray)
	case bson.TypeString:
		if !utf8.ValidString(v.StringValue()) {
			return dst, fmt.Errorf("bson: string %q is not valid UTF-8", key)
		}
	}
	if e.Key() == key {
		return append(dst, e...), nil
	}
	dst = append(dst, byte(v.Type))
	dst = append(dst, key...)
	dst = append(dst, 0)
	return append(dst, v.Value...), nil
}

// appendDocument re-encodes a nested document in its order (array: keys
// renumbered).
func appendDocument(dst []byte, doc bson.Raw, array bool) ([]byte, error) {
	elems, err := doc.Elements()
	if err != nil {
		return dst, fmt.Errorf("bson: %w", err)
	}
	start := len(dst)
	dst = append(dst, 0, 0, 0, 0)
	for i, e := range elems {
		key := e.Key()
		if array {
			key = strconv.Itoa(i)
		}
		if dst, err = appendElement(dst, e, key); err != nil {
			return dst, err
		}
	}
	dst = append(dst, 0)
	binary.LittleEndian.PutUint32(dst[start:], uint32(len(dst)-start))
	return dst, nil
}
