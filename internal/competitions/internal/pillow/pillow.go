package pillow

import (
	"image"
	"image/color"
)

// ConvertL converts an image to 8-bit grey as Pillow's convert("L")
// does for the mode Pillow would open the same PNG in: grey is kept; RGB,
// RGBA and palette images use the integer ITU-R 601-2 luma
// (R·19595 + G·38470 + B·7471 + 0x8000) >> 16 on the non-premultiplied
// colour (alpha ignored); 16-bit grey (mode "I") is clipped to 255; 16-bit
// colour keeps the high byte of each channel. Rows are row-major.
func ConvertL(img image.Image) (pix []uint8, w, h int) {
	b := img.Bounds()
	w, h = b.Dx(), b.Dy()
	pix = make([]uint8, 0, w*h)
	luma := func(r, g, bl uint32) uint8 { return uint8((r*19595 + g*38470 + bl*7471 + 0x8000) >> 16) }
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			switch im := img.(type) {
			case *image.Gray:
				pix = append(pix, im.GrayAt(x, y).Y)
			case *image.Gray16:
				v := im.Gray16At(x, y).Y
				pix = append(pix, uint8(min(v, 255)))
			case *image.Paletted:
				c := color.NRGBAModel.Convert(im.Palette[im.ColorIndexAt(x, y)]).(color.NRGBA)
				pix = append(pix, luma(uint32(c.R), uint32(c.G), uint32(c.B)))
			case *image.NRGBA64:
				c := im.NRGBA64At(x, y)
				pix = append(pix, luma(uint32(c.R>>8), uint32(c.G>>8), uint32(c.B>>8)))
			case *image.RGBA64:
				c := color.NRGBA64Model.Convert(im.RGBA64At(x, y)).(color.NRGBA64)
				pix = append(pix, luma(uint32(c.R>>8), uint32(c.G>>8), uint32(c.B>>8)))
			default:
				c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
				pix = append(pix, luma(uint32(c.R), uint32(c.G), uint32(c.B)))
			}
		}
	}
	return pix, w, h
}
