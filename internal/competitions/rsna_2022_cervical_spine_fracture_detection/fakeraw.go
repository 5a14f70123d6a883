package rsna_2022_cervical_spine_fracture_detection

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/dicomfile"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.csv (default 200 studies with dotted DICOM
// UIDs, ~15 % fractured, patient_overall the OR of C1..C7),
// raw/train_bounding_boxes.csv (2–3 slices for each of 30 studies),
// raw/segmentations/<uid>.nii (20 studies, 10 of them also boxed: a tiny
// NIfTI-1 volume each) and raw/train_images/<uid>/<slice>.dcm (one or two
// small CT slices per study). The id counts scale with opt.Rows.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "rsna-2022-cervical-spine-fracture-detection")
	n := synth.Rows(opt.Rows, 200)
	nBox, nSeg, nBoth := max(2, n*30/200), max(2, n*20/200), max(1, n*10/200)
	uids := make([]string, n)
	next := 1000 + r.IntN(1000)
	for i := range uids {
		uids[i] = "1.2.826.0.1.3680043." + strconv.Itoa(next)
		next += 1 + r.IntN(40)
	}
	train := synth.CSV{Header: append([]string{"StudyInstanceUID"}, valueColumns...)}
	for _, u := range uids {
		row := []string{u, "0", "0", "0", "0", "0", "0", "0", "0"}
		if r.IntN(100) < 15 {
			row[1] = "1"
			for range 1 + r.IntN(2) {
				row[2+r.IntN(7)] = "1"
			}
		}
		train.Add(row...)
		if err := writeStudy(r, filepath.Join(dir, "train_images", u)); err != nil {
			return err
		}
	}
	if err := train.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	perm := r.Perm(n)
	boxed := perm[:nBox] // the first nBoth are also segmented
	segmented := append(perm[:nBoth:nBoth], perm[nBox:nBox+nSeg-nBoth]...)
	bbox := synth.CSV{Header: bboxColumns}
	for _, i := range boxed {
		sl := 50 + r.IntN(200)
		for k := range 2 + r.IntN(2) {
			bbox.Add(uids[i], strconv.Itoa(100+r.IntN(100))+".5", strconv.Itoa(100+r.IntN(100))+".0",
				strconv.Itoa(20+r.IntN(60))+".0", strconv.Itoa(20+r.IntN(60))+".5", strconv.Itoa(sl+k))
		}
	}
	if err := bbox.Write(filepath.Join(dir, "train_bounding_boxes.csv")); err != nil {
		return err
	}
	for _, i := range segmented {
		if err := synth.WriteFile(filepath.Join(dir, "segmentations", uids[i]+".nii"), nifti(r)); err != nil {
			return err
		}
	}
	return nil
}

// nifti is a 4×4×2 uint8 NIfTI-1 single-file volume (label values 0–7).
func nifti(r *rand.Rand) []byte {
	b := make([]byte, 352, 352+32)
	le := binary.LittleEndian
	le.PutUint32(b[0:], 348)                            // sizeof_hdr
	for k, v := range []int16{3, 4, 4, 2, 1, 1, 1, 1} { // dim
		le.PutUint16(b[40+2*k:], uint16(v))
	}
	le.PutUint16(b[70:], 2)                               // datatype: uint8
	le.PutUint16(b[72:], 8)                               // bitpix
	for k, v := range []float32{1, 1, 1, 1, 1, 1, 1, 1} { // pixdim (qfac 1)
		le.PutUint32(b[76+4*k:], math.Float32bits(v))
	}
	le.PutUint32(b[108:], math.Float32bits(352)) // vox_offset
	copy(b[344:], "n+1\x00")
	for range 32 {
		b = append(b, byte(r.IntN(8)))
	}
	return b
}

// writeStudy writes one or two 8×8 CT slices <k>.dcm.
func writeStudy(r *rand.Rand, dir string) error {
	for k := 1; k <= 1+r.IntN(2); k++ {
		pix := make([]uint16, 64)
		for i := range pix {
			pix[i] = uint16(r.IntN(4096))
		}
		elems, err := dicomfile.Image16{Rows: 8, Columns: 8, Pix: pix}.Elements(12)
		if err != nil {
			return err
		}
		b, err := dicomfile.Encode(dicomfile.File{
			SOPClassUID:    dicomfile.CTImageStorage,
			SOPInstanceUID: dicomfile.UIDFrom(r.Uint64(), r.Uint64()),
			Elements: append(elems,
				dicomfile.Str(dicomfile.Modality, "CS", "CT"),
				dicomfile.Str(dicomfile.PatientID, "LO", filepath.Base(dir)),
				dicomfile.UID(dicomfile.StudyInstanceUID, filepath.Base(dir)),
				dicomfile.UID(dicomfile.SeriesInstanceUID, filepath.Base(dir)+".1"),
				dicomfile.Int(dicomfile.InstanceNumber, k),
			),
		})
		if err != nil {
			return fmt.Errorf("encoding %s: %w", dir, err)
		}
		if err := synth.WriteFile(filepath.Join(dir, strconv.Itoa(k)+".dcm"), b); err != nil {
			return err
		}
	}
	return nil
}
