package synth

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"sync"
)

// Gray returns a w×h 8-bit grayscale image of random noise.
func Gray(r *rand.Rand, w, h int) *image.Gray {
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = uint8(r.IntN(256))
	}
	return img
}

// RGB returns a w×h opaque RGBA image of random noise.
func RGB(r *rand.Rand, w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetRGBA(x, y, color.RGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 255})
		}
	}
	return img
}

// pngEncoder is png.Encode's encoder with its compressor reused across
// images: a fresh one allocates ≈ 600 KB, most of the cost of a tiny
// image (the bytes written are the same).
var pngEncoder = png.Encoder{BufferPool: &pngBuffers{}}

// pngBuffers is a png.EncoderBufferPool safe for concurrent generators.
type pngBuffers struct{ pool sync.Pool }

func (p *pngBuffers) Get() *png.EncoderBuffer {
	b, _ := p.pool.Get().(*png.EncoderBuffer)
	return b
}

func (p *pngBuffers) Put(b *png.EncoderBuffer) { p.pool.Put(b) }

// PNG encodes img as PNG (Go's encoder: deterministic, default compression).
// A *image.Gray gives an 8-bit grayscale PNG, an opaque *image.RGBA an 8-bit
// RGB one.
func PNG(img image.Image) ([]byte, error) {
	var b bytes.Buffer
	if err := pngEncoder.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("synth: png: %w", err)
	}
	return b.Bytes(), nil
}

// JPEG encodes img as a baseline JPEG of quality 90.
func JPEG(img image.Image) ([]byte, error) {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
		return nil, fmt.Errorf("synth: jpeg: %w", err)
	}
	return b.Bytes(), nil
}

// TIFF encodes img as a minimal little-endian baseline TIFF: one strip,
// uncompressed, 8 bits per sample, grayscale for *image.Gray and RGB for
// anything else (alpha dropped). Pillow, libtiff and x/image/tiff read it.
func TIFF(img image.Image) ([]byte, error) {
	bnd := img.Bounds()
	w, h := bnd.Dx(), bnd.Dy()
	if w <= 0 || h <= 0 {
		return nil, fmt.Errorf("synth: tiff: empty image")
	}
	gray, isGray := img.(*image.Gray)
	spp := 3
	if isGray {
		spp = 1
	}
	pix := make([]byte, 0, w*h*spp)
	for y := bnd.Min.Y; y < bnd.Max.Y; y++ {
		for x := bnd.Min.X; x < bnd.Max.X; x++ {
			if isGray {
				pix = append(pix, gray.GrayAt(x, y).Y)
				continue
			}
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			pix = append(pix, c.R, c.G, c.B)
		}
	}
	// Layout: header (8) | pixel data | BitsPerSample values (RGB only) | IFD.
	const (
		tShort = 3
		tLong  = 4
	)
	type entry struct {
		tag, typ uint16
		count    uint32
		value    uint32
	}
	dataOff := uint32(8)
	bpsOff := dataOff + uint32(len(pix))
	ifdOff := bpsOff
	if !isGray {
		ifdOff += 6
	}
	if ifdOff%2 == 1 {
		ifdOff++
	}
	photometric, bps := uint32(1), uint32(8) // BlackIsZero, 8 bits inline
	if !isGray {
		photometric, bps = 2, bpsOff // RGB, offset to three SHORTs
	}
	entries := []entry{
		{256, tLong, 1, uint32(w)},        // ImageWidth
		{257, tLong, 1, uint32(h)},        // ImageLength
		{258, tShort, uint32(spp), bps},   // BitsPerSample
		{259, tShort, 1, 1},               // Compression: none
		{262, tShort, 1, photometric},     // PhotometricInterpretation
		{273, tLong, 1, dataOff},          // StripOffsets
		{277, tShort, 1, uint32(spp)},     // SamplesPerPixel
		{278, tLong, 1, uint32(h)},        // RowsPerStrip
		{279, tLong, 1, uint32(len(pix))}, // StripByteCounts
		{284, tShort, 1, 1},               // PlanarConfiguration: chunky
	}
	var b bytes.Buffer
	le := binary.LittleEndian
	b.WriteString("II")
	binary.Write(&b, le, uint16(42))
	binary.Write(&b, le, ifdOff)
	b.Write(pix)
	if !isGray {
		binary.Write(&b, le, [3]uint16{8, 8, 8})
	}
	for uint32(b.Len()) < ifdOff {
		b.WriteByte(0)
	}
	binary.Write(&b, le, uint16(len(entries)))
	for _, e := range entries {
		binary.Write(&b, le, e.tag)
		binary.Write(&b, le, e.typ)
		binary.Write(&b, le, e.count)
		if e.typ == tShort && e.count == 1 {
			// A single SHORT sits in the first two bytes of the value field.
			binary.Write(&b, le, uint16(e.value))
			binary.Write(&b, le, uint16(0))
		} else {
			binary.Write(&b, le, e.value)
		}
	}
	binary.Write(&b, le, uint32(0)) // no next IFD
	return b.Bytes(), nil
}

// WAV encodes mono 16-bit PCM samples as a RIFF WAVE file.
func WAV(samples []int16, rate int) []byte {
	var b bytes.Buffer
	le := binary.LittleEndian
	dataLen := uint32(2 * len(samples))
	b.WriteString("RIFF")
	binary.Write(&b, le, 36+dataLen)
	b.WriteString("WAVEfmt ")
	binary.Write(&b, le, uint32(16))
	binary.Write(&b, le, uint16(1)) // PCM
	binary.Write(&b, le, uint16(1)) // mono
	binary.Write(&b, le, uint32(rate))
	binary.Write(&b, le, uint32(2*rate))
	binary.Write(&b, le, uint16(2))
	binary.Write(&b, le, uint16(16))
	b.WriteString("data")
	binary.Write(&b, le, dataLen)
	binary.Write(&b, le, samples)
	return b.Bytes()
}
