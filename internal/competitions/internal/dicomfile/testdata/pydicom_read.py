# Reads a DICOM file with pydicom (python3-pydicom 2.3) in strict mode and
# prints what dicomfile_test.go's sample holds: meta, tags, pixel array.
import sys
import pydicom
from pydicom import config

config.settings.reading_validation_mode = config.RAISE
ds = pydicom.dcmread(sys.argv[1])  # raises without preamble/DICM
print("transfer syntax", ds.file_meta.TransferSyntaxUID)
print("meta group length", ds.file_meta.FileMetaInformationGroupLength)
print("media SOP instance == SOP instance", ds.file_meta.MediaStorageSOPInstanceUID == ds.SOPInstanceUID)
for kw in ["SOPClassUID", "Modality", "PatientID", "StudyInstanceUID", "SeriesInstanceUID", "InstanceNumber",
           "Rows", "Columns", "BitsAllocated", "BitsStored", "HighBit", "PixelRepresentation", "PhotometricInterpretation"]:
    print(kw, repr(ds.data_element(kw).value))
arr = ds.pixel_array
print("pixel_array", arr.dtype, arr.shape, arr.tolist())
