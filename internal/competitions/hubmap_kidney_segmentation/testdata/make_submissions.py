# Writes the grader test submissions (submissions/*.csv) from the prepared
# seed-0 answers: /usr/bin/python3 make_submissions.py /tmp/hubmap
import os
import sys

import pandas as pd

ans = pd.read_csv(os.path.join(sys.argv[1], "prepared", "private", "test.csv"))
ids = list(ans["id"])
enc = list(ans["encoding"])
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "submissions")


def write(name, text):
    with open(os.path.join(out, name + ".csv"), "w") as f:
        f.write(text)


def rows(preds, header="id,predicted", order=None, id_list=None):
    order = order if order is not None else range(len(ids))
    id_list = id_list or ids
    return header + "\n" + "".join(f"{id_list[i]},{preds[i]}\n" for i in order)


def shift(rle, d):
    t = rle.split()
    return " ".join(str(int(x) + d) if k % 2 == 0 else x for k, x in enumerate(t))


def first_runs(rle, n):
    return " ".join(rle.split()[: 2 * n])


write("gold", rows(enc))
write("gold_reversed_rows", rows(enc, order=[2, 1, 0]))
write("sample", rows(["", "", ""]))
write("first_run_only", rows([first_runs(e, 1) for e in enc]))
write("shifted_by_one", rows([shift(e, 1) for e in enc]))
write("shifted_by_seven", rows([shift(e, 7) for e in enc]))
write("one_empty", rows([enc[0], "", enc[2]]))
write("whole_image", rows(["1 100000"] * 3))
write("past_the_end", rows(["5000 10", enc[1], "1 1"]))
write("three_tokens", rows(["1 4 50", enc[1], enc[2]]))
write("one_token", rows(["7", enc[1], enc[2]]))
write("extra_column", "id,predicted,extra\n" + "".join(f"{ids[i]},{enc[i]},x\n" for i in range(3)))
write("columns_reordered", "predicted,id\n" + "".join(f"{enc[i]},{ids[i]}\n" for i in range(3)))
write("quoted_spaces_only", rows(['"   "', enc[1], enc[2]]))
write("plus_and_underscore", rows([" ".join("+" + x if k == 0 else x for k, x in enumerate(enc[0].split())), enc[1], enc[2]]))
# invalid submissions
write("missing_id_column", "image,predicted\n" + "".join(f"{ids[i]},{enc[i]}\n" for i in range(3)))
write("missing_predicted_column", "id,encoding\n" + "".join(f"{ids[i]},{enc[i]}\n" for i in range(3)))
write("row_count_differs", rows(enc, order=[0, 1]))
write("extra_row", rows(enc + [""], id_list=ids + ["0000000ab"], order=[0, 1, 2, 3]))
write("ids_differ", rows(enc, id_list=[ids[0], ids[1], "ffffffffa"]))
write("duplicated_id", rows(enc, id_list=[ids[0], ids[1], ids[1]]))
write("missing_id_cell", rows(enc, id_list=[ids[0], ids[1], ""]))
# null scores that are not InvalidSubmissionError
write("text_token", rows(["1 x", enc[1], enc[2]]))
write("float_token", rows(["1.0 2", enc[1], enc[2]]))
write("unsorted_starts", rows(["50 2 10 2", enc[1], enc[2]]))
write("zero_start", rows(["0 3", enc[1], enc[2]]))
write("zero_length", rows(["3 0", enc[1], enc[2]]))
write("overlapping_runs", rows(["1 10 5 2", enc[1], enc[2]]))
write("five_tokens", rows(["1 2 5 2 9", enc[1], enc[2]]))
write("five_tokens_unsorted", rows(["9 2 5 2 1", enc[1], enc[2]]))
write("numeric_column", rows(["5", "7", "9"]))
write("numeric_and_empty", rows(["5", "", "9"]))
