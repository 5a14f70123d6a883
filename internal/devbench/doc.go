// Package devbench is `mlebench dev bench`: whole-process measurements of
// prepare and grade at real sizes for every implemented competition, and
// the Markdown table file (benchmark/bench.md) that holds them.
//
// Contract:
//   - Sizes: every implemented competition has one row in the size table
//     (sizes.go): the unit `dev fake-raw --rows` counts for it, the real
//     competition's count in that unit, and the fraction used where disk or
//     time forbids the real size, with the reason. A test keeps the table
//     and the catalog in step.
//   - Measuring (Run): per competition, in a scratch directory removed
//     afterwards unless Options.Keep, the binary Env.Self runs as child
//     processes `dev fake-raw`, `prepare --raw --skip-verification` and
//     `grade-sample` of the prepared sample submission; each step is limited
//     by Options.StepTimeout. Wall time, CPU (user + sys of the child) and
//     the child's own peak RSS (written by the child at exit to the file
//     named by Env.PeakRSSEnv) are the minimum over Options.Repeat runs.
//     With Options.Reference, benchmark/pandas_reference_grade.py grades
//     the same answers and submission with Options.Python; its unrounded
//     score must equal ours to 1e-9 (else the row says SCORE MISMATCH), and
//     a script that prints "NOREF: why" with exit status 3 gives a row that
//     names why there is no reference.
//   - Failures never stop the run: a failed step gives a row that names
//     the step and the end of its stderr. Only a cancelled context stops it.
//   - The table file: Options.Out writes it afresh, Options.Update replaces
//     only the measured competitions' rows (by id), keeps all others,
//     appends the run line once and refuses a file it did not write. Each
//     row is written as soon as it is measured, under an exclusive lock
//     (flock on FILE.lock), so concurrent benches may update one file.
//   - Targets (issue #14) checked per row: grade ≥ 10× less CPU than the
//     pandas reference, prepare peak RSS ≤ 1 GiB; a row that misses one
//     says which and by how much, and why (reasons.go: a known note, the
//     load it was measured at, or the code itself), recomputed from the
//     row's cells whenever the file is written.
//
// Run writes only to Env.Out, Env.Err, the scratch and table files; it
// never exits the process.
package devbench
