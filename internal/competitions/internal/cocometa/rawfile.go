package cocometa

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/mlebench/mlebench/internal/table"
)

// File is a JSON file whose top-level value is an object, mapped read-only
// and validated once. Its members and their list elements are sub-slices
// of the one mapping: the raw bytes are held once, never copied, whatever
// the number of records. Everything taken from a File is valid only until
// Close.
type File struct {
	data    []byte
	unmap   func() error
	Members map[string]json.RawMessage // a repeated key keeps its last value, as json.load's dict does
}

// ErrNotObject is the error of [Map] for a file that is not exactly one
// JSON object (malformed JSON, another kind of value, or data after it).
var ErrNotObject = errors.New("not exactly one JSON object")

// Map maps path and splits its top-level object into members, validating
// the whole file once. A file that is not exactly one JSON object gives an
// error wrapping [ErrNotObject], for the caller to name as it must.
func Map(path string) (*File, error) {
	data, unmap, err := table.MapFile(path)
	if err != nil {
		return nil, err
	}
	members, ok := splitObject(data)
	if !ok {
		unmap()
		return nil, fmt.Errorf("%s: %w", path, ErrNotObject)
	}
	f := &File{data: data, unmap: unmap, Members: members}
	f.DropPages() // the validation read every page
	return f, nil
}

// DropPages takes the mapping's pages out of the process's resident set
// (the file stays in the page cache; a later access maps a page again, so
// what the File reads never changes). The passes over a File's records
// call it as they go, so that the pages they have read are not all held:
// a 430 MB metadata.json read in category order would otherwise stay
// resident whole.
func (f *File) DropPages() {
	if f.unmap != nil {
		table.DropPages(f.data)
	}
}

// Open is [Map] failing exactly where [ReadObject] fails, with the same
// messages (the error cases are handed to ReadObject, which names them).
func Open(path string) (*File, error) {
	f, err := Map(path)
	if errors.Is(err, ErrNotObject) {
		if _, err := ReadObject(path); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("parsing %s: the top-level value is not a JSON object", path)
	}
	return f, err
}

// Close unmaps the file; nothing taken from it may be used afterwards.
func (f *File) Close() error {
	f.Members = nil
	if f.unmap == nil {
		return nil
	}
	err := f.unmap()
	f.unmap = nil
	return err
}

// List splits member key, known to be valid JSON, as [List] does: a JSON
// array gives its elements (sub-slices of the mapping), anything else
// (null included) the error "<what> is not a JSON list". A missing key is
// an error too.
func (f *File) List(key, what string) (*Elements, error) {
	raw, ok := f.Members[key]
	if !ok {
		return nil, fmt.Errorf("%s is not a JSON list", what)
	}
	e, ok := splitArray(raw)
	if !ok {
		return nil, fmt.Errorf("%s is not a JSON list", what)
	}
	e.file = f
	f.DropPages() // the split read every page of the list
	return e, nil
}

// SplitList is [List] returning [Elements]: raw is validated first.
func SplitList(raw json.RawMessage, what string) (*Elements, error) {
	if !json.Valid(raw) {
		return nil, fmt.Errorf("%s is not a JSON list", what)
	}
	e, ok := splitArray(raw)
	if !ok {
		return nil, fmt.Errorf("%s is not a JSON list", what)
	}
	return e, nil
}

// RawList is a list of raw JSON records: the elements of one JSON array
// ([Elements]) or a slice of separate records ([Slice]).
type RawList interface {
	Len() int
	At(i int) json.RawMessage
}

// Slice is a RawList of separate raw records.
type Slice []json.RawMessage

func (s Slice) Len() int                 { return len(s) }
func (s Slice) At(i int) json.RawMessage { return s[i] }

// Elements are the elements of one raw JSON array, kept as offsets into
// it: 8 bytes an element when the array is below 4 GiB, 16 above.
type Elements struct {
	raw   []byte
	off32 []uint32 // start, end pairs
	off64 []int64  // used instead of off32 when raw is 4 GiB or more
	file  *File    // the mapping raw is part of ([File.List]), else nil
}

// DropPages is [File.DropPages] of the File the elements were listed from
// (nothing for [SplitList]'s).
func (e *Elements) DropPages() {
	if e.file != nil {
		e.file.DropPages()
	}
}

// dropEvery is how many records a pass over a mapped list reads between
// page drops: records read out of file order map up to 64 KiB each
// (the kernel's fault-around), so 1,024 of them map at most 64 MiB.
const dropEvery = 1024

// DropEvery calls l's DropPages after every [dropEvery]th call (i counts
// the records a pass has read, from 0), when l is a mapped list.
func DropEvery(l RawList, i int) {
	if i%dropEvery == dropEvery-1 {
		if e, ok := l.(*Elements); ok {
			e.DropPages()
		}
	}
}

// Len is the number of elements.
func (e *Elements) Len() int { return (len(e.off32) + len(e.off64)) / 2 }

// At is element i's raw JSON (no surrounding space), a sub-slice of the
// array: not to be modified.
func (e *Elements) At(i int) json.RawMessage {
	if e.off64 != nil {
		return e.raw[e.off64[2*i]:e.off64[2*i+1]:e.off64[2*i+1]]
	}
	s, t := e.off32[2*i], e.off32[2*i+1]
	return e.raw[s:t:t]
}

// wideAbove is the array size above which element offsets take 8 bytes.
var wideAbove int64 = math.MaxUint32

// splitArray splits b, one valid JSON value with optional surrounding
// space, into its elements; ok is false when the value is not an array.
func splitArray(b []byte) (*Elements, bool) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '[' {
		return nil, false
	}
	e := &Elements{raw: b}
	wide := int64(len(b)) > wideAbove
	add := func(s, t int) {
		if wide {
			e.off64 = append(e.off64, int64(s), int64(t))
		} else {
			e.off32 = append(e.off32, uint32(s), uint32(t))
		}
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return e, true
	}
	for i < len(b) {
		end := skipValue(b, i)
		add(i, end)
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ',' {
			break // ']' in valid JSON
		}
		i = skipSpace(b, i+1)
	}
	if wide {
		e.off64 = e.off64[:len(e.off64):len(e.off64)]
	} else {
		e.off32 = e.off32[:len(e.off32):len(e.off32)]
	}
	return e, true
}

// splitObject validates data as exactly one JSON value with optional
// surrounding space and, when it is an object, returns its members
// (later repeated keys win); ok is false otherwise.
func splitObject(data []byte) (map[string]json.RawMessage, bool) {
	if !json.Valid(data) {
		return nil, false
	}
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return nil, false
	}
	members := map[string]json.RawMessage{}
	i = skipSpace(data, i+1)
	for i < len(data) && data[i] == '"' {
		kEnd := skipString(data, i)
		var key string
		if err := json.Unmarshal(data[i:kEnd], &key); err != nil {
			return nil, false // unreachable: the document is valid
		}
		i = skipSpace(data, kEnd)
		i = skipSpace(data, i+1) // past ':'
		vEnd := skipValue(data, i)
		members[key] = data[i:vEnd:vEnd]
		i = skipSpace(data, vEnd)
		if i >= len(data) || data[i] != ',' {
			break // '}' in valid JSON
		}
		i = skipSpace(data, i+1)
	}
	return members, true
}

func skipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// skipString returns the offset just past the string starting at b[i]
// (a '"'), backslash escapes skipped; len(b) when it is not closed.
func skipString(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++ // the escaped character
		case '"':
			return i + 1
		}
	}
	return len(b)
}

// skipValue returns the offset just past the JSON value starting at b[i]
// (not a space). b must be valid JSON from i on as far as the value
// reaches; on invalid input the result is some offset in [i+1, len(b)].
func skipValue(b []byte, i int) int {
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				i = skipString(b, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return len(b)
	}
	for i++; i < len(b); i++ {
		switch b[i] {
		case ',', ']', '}', ' ', '\t', '\n', '\r':
			return i
		}
	}
	return len(b)
}
