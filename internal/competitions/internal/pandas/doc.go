// Package pandas reproduces, on [table.Column] values, the pandas, numpy and
// Python value semantics the original's graders and preparers rely on:
//
//   - Labels, Floats: a column as the numpy array .to_numpy() gives
//     (metric.Labels for the classification metrics, float64 for the others);
//   - SortIndex, NArgsort, ArgsortQuick, SortIndexOrder: df.sort_values(col)
//     and df.set_index(col).sort_index() row orders (numpy's introsort for
//     object arrays, NaN last); SortError, SortErrors: sort_values' TypeError
//     for text mixed with numbers;
//   - CellsEqual: numpy's element-wise == of two cells;
//   - SameSet, SameNameSet, CellKey, SortedKeys, Unique, Disjoint: Python
//     set()/sorted()/dict-key semantics of cells (1 == 1.0 == True, NaN
//     never equal to itself in a float column);
//   - NanMinMax: Series.min()/max() skipping NaN; IsClose: numpy.isclose;
//   - FrameEquals: DataFrame.equals;
//   - PyValueOf, PyCompare: a cell of an object column of mixed Python types
//     (table.Column.Mixed, from pandas' low_memory block inference) and
//     Python's comparison of two such values; HasText;
//   - ParsePyFloat, PyInt, ToNumericOK, PySplitlines: Python float(str),
//     int(str), pd.to_numeric's acceptance and str.splitlines();
//   - PreciseXstrtod, HighPrecisionFloats: read_csv's default C float
//     converter (not round_trip), for the cells where it differs from a
//     correctly rounded parse (exponents, more than 15 significant digits).
//
// Conventions: an `assert` on the answers or any other Python exception is
// a plain error; nothing here returns competition.Invalid.
package pandas
