// Package submission reproduces the submission checks of the original's
// mlebench/competitions/utils.py that many graders call (harness.md §4.9;
// each competition spec's "Grade" section gives the order of the checks):
//
//   - PrepareForAccuracy  = prepare_for_accuracy_metric
//   - PrepareForAUROC     = prepare_for_auroc_metric
//   - OneHotLogLossInputs = one_hot_dfs_to_log_loss_inputs with
//     apply_softmax=False (no competition in the benchmark turns softmax on)
//   - OneHot              = df_to_one_hot
//   - AlignByID: the "sort both frames by id, then (sub.id == ans.id).all()"
//     alignment those functions and many graders perform;
//   - RowSumCheck: the log-loss graders' check that each row's
//     probabilities sum to one (pandas sum skipping NaN, numpy.isclose).
//
// A failed check the original raises as InvalidSubmissionError returns
// competition.Invalid; an `assert` on the answers or any other Python
// exception returns a plain error (both give a null score in the harness).
package submission
