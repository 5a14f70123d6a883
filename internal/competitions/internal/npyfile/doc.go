// Package npyfile reads and writes NumPy .npy files as the original's
// preparers do with np.load/np.save: format versions 1.0/2.0/3.0 are read,
// numpy 1.26's np.save layout is written. ReadHeader parses the preamble,
// FormatHeader renders np.save's preamble for a C-order array, and TakeRows
// writes arr[idx] (fancy indexing along axis 0: rows in idx order, dtype
// preserved, C-contiguous) by streaming rows from the source file.
package npyfile
