// Package csvout writes the CSV files a preparer produces, each with pandas'
// DataFrame.to_csv(path, index=False) defaults (through package table), in
// order, naming the file in any error.
package csvout
