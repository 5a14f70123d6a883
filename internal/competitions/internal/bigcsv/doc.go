// Package bigcsv is a memory-mapped, parallel CSV fast path for large, simple files.
//
// The main piece is a fast, parallel "pandas read_csv → select rows → to_csv"
// path for large, simple CSV files (tabular-playground-series-may-2022,
// new-york-city-taxi-fare-prediction). It reproduces what
//
//	df = pd.read_csv(path, float_precision="round_trip")   # C engine, low_memory=True
//	df.iloc[rows].to_csv(out, index=False)
//
// writes, for files it can prove are "simple" (see [Open]); for
// anything else it declines and the caller falls back to package table.
//
// pandas behaviour reproduced (checked against pandas 1.5.3 with golden
// files; pandas 2.2's C reader chunks and infers the same way):
//   - dtype inference per low_memory chunk: the C reader converts
//     buffer_lines rows at a time, buffer_lines being the largest power of two
//     whose double is below 2**20 // n_columns (16384 rows for 33 columns);
//     each chunk's column becomes int64 (all cells integers, none missing),
//     float64 (numbers and/or missing cells) or object (anything else);
//   - chunks are then concatenated: int64+float64 chunks give float64 (ints
//     print as "5.0"); any object chunk makes the column object, in which the
//     numeric chunks keep their converted Python values (an int chunk's "007"
//     prints "7", a float chunk's "1.50" prints "1.5") while the object chunks
//     keep their text (the "DtypeWarning: mixed types" quirk);
//   - the default NA strings become NaN and print as empty fields;
//   - floats print as Python repr, ints as digits;
//   - a one-column row whose only field is empty prints as `""` (Python csv).

// It is temporary: the fast path is to become a reading mode of package
// table (one CSV engine).
package bigcsv
