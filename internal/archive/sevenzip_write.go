package archive

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"
	"unicode/utf16"

	"github.com/ulikunitz/xz/lzma"
)

// Entry7z is one member of a 7z archive written by [Write7z].
type Entry7z struct {
	// Name is the slash-separated path inside the archive.
	Name string
	// Dir makes a directory entry (no data); Path is then ignored.
	Dir bool
	// Path is the file whose content is stored.
	Path string
	// Modified is recorded when not zero.
	Modified time.Time
	// Mode's permission bits are recorded as Unix attributes; 0 means 0644
	// for files and 0755 for directories.
	Mode fs.FileMode

	// linkTarget, when set, makes a symbolic-link member (tests only).
	linkTarget string
}

// Write7z writes a 7z archive holding entries, in order, creating or
// truncating archive. Every non-empty file goes into one solid LZMA2
// stream; empty files and directories are header-only entries, as 7-Zip
// and py7zr store them. The output is a plain 7z (format 0.4) that 7-Zip,
// py7zr and [Extract] read; it is not byte-identical to py7zr's.
func Write7z(ctx context.Context, archive string, entries []Entry7z) (err error) {
	out, err := os.OpenFile(archive, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o666)
	if err != nil {
		return fmt.Errorf("writing %s: %w", archive, err)
	}
	defer func() {
		if cerr := out.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("writing %s: %w", archive, cerr)
		}
		if err != nil {
			os.Remove(archive)
		}
	}()
	if err := write7zEntries(ctx, out, entries); err != nil {
		return fmt.Errorf("writing %s: %w", archive, err)
	}
	return nil
}

// write7z is Compress for a .7z target.
func write7z(ctx context.Context, out *os.File, files []sourceFile, archive string) error {
	entries := make([]Entry7z, len(files))
	for i, f := range files {
		entries[i] = Entry7z{Name: f.rel, Path: f.path, Modified: f.info.ModTime(), Mode: f.info.Mode()}
	}
	if err := write7zEntries(ctx, out, entries); err != nil {
		return fmt.Errorf("compressing into %s: %w", archive, err)
	}
	return nil
}

// 7z property ids (7zFormat.txt).
const (
	k7zEnd             = 0x00
	k7zHeader          = 0x01
	k7zMainStreamsInfo = 0x04
	k7zFilesInfo       = 0x05
	k7zPackInfo        = 0x06
	k7zUnpackInfo      = 0x07
	k7zSubStreamsInfo  = 0x08
	k7zSize            = 0x09
	k7zCRC             = 0x0A
	k7zFolder          = 0x0B
	k7zCodersUnpackSz  = 0x0C
	k7zNumUnpackStream = 0x0D
	k7zEmptyStream     = 0x0E
	k7zEmptyFile       = 0x0F
	k7zName            = 0x11
	k7zMTime           = 0x14
	k7zAttributes      = 0x15
)

const (
	sevenZipDictCap = 16 << 20
	// Windows attribute bits: directory, archive, and the flag saying the
	// high 16 bits hold a Unix mode.
	winAttrDir      = 0x10
	winAttrArchive  = 0x20
	winAttrUnixExt  = 0x8000
	unixModeRegular = 0o100000
	unixModeDir     = 0o040000
	unixModeSymlink = 0o120000
)

type rec7z struct {
	name  string
	dir   bool
	empty bool // no data stream
	size  uint64
	crc   uint32
	mtime time.Time
	attr  uint32
}

type countingWriter struct {
	w io.Writer
	n uint64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += uint64(n)
	return n, err
}

func write7zEntries(ctx context.Context, out *os.File, entries []Entry7z) error {
	if _, err := out.Write(make([]byte, 32)); err != nil { // signature header, filled in last
		return err
	}
	bw := bufio.NewWriterSize(out, 1<<20)
	packed := &countingWriter{w: bw}
	var lz *lzma.Writer2
	var unpacked uint64
	recs := make([]rec7z, 0, len(entries))
	for _, e := range entries {
		if err := ctx.Err(); err != nil {
			return err
		}
		if _, _, err := memberPath(e.Name, false); err != nil || e.Name == "" {
			return fmt.Errorf("invalid member name %q", e.Name)
		}
		r := rec7z{name: e.Name, dir: e.Dir, empty: true, mtime: e.Modified}
		perm := uint32(e.Mode.Perm())
		if e.Dir {
			if perm == 0 {
				perm = 0o755
			}
			r.attr = winAttrDir | winAttrUnixExt | (unixModeDir|perm)<<16
			recs = append(recs, r)
			continue
		}
		if perm == 0 {
			perm = 0o644
		}
		r.attr = winAttrArchive | winAttrUnixExt | (unixModeRegular|perm)<<16
		var src io.ReadCloser
		var size int64
		if e.linkTarget != "" {
			r.attr = winAttrArchive | winAttrUnixExt | (unixModeSymlink|0o777)<<16
			src, size = io.NopCloser(strings.NewReader(e.linkTarget)), int64(len(e.linkTarget))
		} else {
			f, err := os.Open(e.Path)
			if err != nil {
				return err
			}
			st, err := f.Stat()
			if err != nil {
				f.Close()
				return err
			}
			src, size = f, st.Size()
		}
		if size == 0 {
			src.Close()
			recs = append(recs, r)
			continue
		}
		f := src
		if lz == nil {
			var err error
			if lz, err = (lzma.Writer2Config{DictCap: sevenZipDictCap}).NewWriter2(packed); err != nil {
				f.Close()
				return err
			}
		}
		h := crc32.NewIEEE()
		n, err := io.Copy(io.MultiWriter(lz, h), &ctxReader{ctx: ctx, r: f})
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", e.Path, err)
		}
		if n != size {
			return fmt.Errorf("%s changed size while being compressed", e.Path)
		}
		r.empty, r.size, r.crc = false, uint64(n), h.Sum32()
		unpacked += r.size
		recs = append(recs, r)
	}
	if lz != nil {
		if err := lz.Close(); err != nil {
			return err
		}
	}
	header := build7zHeader(recs, packed.n, unpacked)
	if _, err := bw.Write(header); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	var start [20]byte
	binary.LittleEndian.PutUint64(start[0:], packed.n) // next header offset, from byte 32
	binary.LittleEndian.PutUint64(start[8:], uint64(len(header)))
	binary.LittleEndian.PutUint32(start[16:], crc32.ChecksumIEEE(header))
	var sig [32]byte
	copy(sig[:], []byte{'7', 'z', 0xBC, 0xAF, 0x27, 0x1C, 0, 4})
	binary.LittleEndian.PutUint32(sig[8:], crc32.ChecksumIEEE(start[:]))
	copy(sig[12:], start[:])
	_, err := out.WriteAt(sig[:], 0)
	return err
}

// put7zNumber appends a 7z variable-length NUMBER: the count of leading 1
// bits of the first byte is the number of extra little-endian bytes.
func put7zNumber(b *bytes.Buffer, v uint64) {
	for i := 0; i < 8; i++ {
		if v < 1<<(7*(i+1)) {
			first := byte(uint(0xFF00)>>i) | byte(v>>(8*i))
			b.WriteByte(first)
			for j := 0; j < i; j++ {
				b.WriteByte(byte(v >> (8 * j)))
			}
			return
		}
	}
	b.WriteByte(0xFF)
	var tmp [8]byte
	binary.LittleEndian.PutUint64(tmp[:], v)
	b.Write(tmp[:])
}

// lzma2DictProp is the one-byte LZMA2 dictionary-size property: the
// smallest p with (2 | p&1) << (p/2 + 11) >= size.
func lzma2DictProp(size uint64) byte {
	for p := 0; p < 40; p++ {
		if uint64(2|p&1)<<(p/2+11) >= size {
			return byte(p)
		}
	}
	return 40
}

func put7zBits(b *bytes.Buffer, bits []bool) {
	var cur byte
	for i, v := range bits {
		if v {
			cur |= 0x80 >> (i % 8)
		}
		if i%8 == 7 {
			b.WriteByte(cur)
			cur = 0
		}
	}
	if len(bits)%8 != 0 {
		b.WriteByte(cur)
	}
}

// put7zProperty writes id, the payload's size and the payload.
func put7zProperty(b *bytes.Buffer, id byte, payload []byte) {
	b.WriteByte(id)
	put7zNumber(b, uint64(len(payload)))
	b.Write(payload)
}

// fileTime converts to Windows FILETIME (100 ns ticks since 1601-01-01).
func fileTime(t time.Time) uint64 {
	return uint64(t.UnixNano()/100 + 116444736000000000)
}

func build7zHeader(recs []rec7z, packSize, unpackSize uint64) []byte {
	var b bytes.Buffer
	b.WriteByte(k7zHeader)
	var streams []rec7z
	for _, r := range recs {
		if !r.empty {
			streams = append(streams, r)
		}
	}
	if len(streams) > 0 {
		b.WriteByte(k7zMainStreamsInfo)
		b.WriteByte(k7zPackInfo)
		put7zNumber(&b, 0) // pack position
		put7zNumber(&b, 1) // one pack stream
		b.WriteByte(k7zSize)
		put7zNumber(&b, packSize)
		b.WriteByte(k7zEnd)

		b.WriteByte(k7zUnpackInfo)
		b.WriteByte(k7zFolder)
		put7zNumber(&b, 1) // one folder
		b.WriteByte(0)     // not external
		put7zNumber(&b, 1) // one coder
		b.WriteByte(0x20 | 1)
		b.WriteByte(0x21) // LZMA2
		put7zNumber(&b, 1)
		b.WriteByte(lzma2DictProp(sevenZipDictCap))
		b.WriteByte(k7zCodersUnpackSz)
		put7zNumber(&b, unpackSize)
		b.WriteByte(k7zEnd)

		b.WriteByte(k7zSubStreamsInfo)
		b.WriteByte(k7zNumUnpackStream)
		put7zNumber(&b, uint64(len(streams)))
		if len(streams) > 1 {
			b.WriteByte(k7zSize)
			for _, s := range streams[:len(streams)-1] {
				put7zNumber(&b, s.size)
			}
		}
		b.WriteByte(k7zCRC)
		b.WriteByte(1) // all defined
		for _, s := range streams {
			var c [4]byte
			binary.LittleEndian.PutUint32(c[:], s.crc)
			b.Write(c[:])
		}
		b.WriteByte(k7zEnd)
		b.WriteByte(k7zEnd)
	}

	if len(recs) > 0 {
		b.WriteByte(k7zFilesInfo)
		put7zNumber(&b, uint64(len(recs)))
		if len(streams) < len(recs) {
			emptyStream := make([]bool, len(recs))
			var emptyFile []bool
			for i, r := range recs {
				emptyStream[i] = r.empty
				if r.empty {
					emptyFile = append(emptyFile, !r.dir)
				}
			}
			var p bytes.Buffer
			put7zBits(&p, emptyStream)
			put7zProperty(&b, k7zEmptyStream, p.Bytes())
			p.Reset()
			put7zBits(&p, emptyFile)
			put7zProperty(&b, k7zEmptyFile, p.Bytes())
		}

		var names bytes.Buffer
		names.WriteByte(0) // not external
		for _, r := range recs {
			for _, u := range utf16.Encode([]rune(r.name)) {
				names.WriteByte(byte(u))
				names.WriteByte(byte(u >> 8))
			}
			names.Write([]byte{0, 0})
		}
		put7zProperty(&b, k7zName, names.Bytes())

		defined := make([]bool, len(recs))
		all := true
		for i, r := range recs {
			defined[i] = !r.mtime.IsZero()
			all = all && defined[i]
		}
		var times bytes.Buffer
		if all {
			times.WriteByte(1)
		} else {
			times.WriteByte(0)
			put7zBits(&times, defined)
		}
		times.WriteByte(0) // not external
		hasTimes := false
		for _, r := range recs {
			if !r.mtime.IsZero() {
				var t [8]byte
				binary.LittleEndian.PutUint64(t[:], fileTime(r.mtime))
				times.Write(t[:])
				hasTimes = true
			}
		}
		if hasTimes {
			put7zProperty(&b, k7zMTime, times.Bytes())
		}

		var attrs bytes.Buffer
		attrs.WriteByte(1) // all defined
		attrs.WriteByte(0) // not external
		for _, r := range recs {
			var a [4]byte
			binary.LittleEndian.PutUint32(a[:], r.attr)
			attrs.Write(a[:])
		}
		put7zProperty(&b, k7zAttributes, attrs.Bytes())
		b.WriteByte(k7zEnd)
	}
	b.WriteByte(k7zEnd)
	return b.Bytes()
}
