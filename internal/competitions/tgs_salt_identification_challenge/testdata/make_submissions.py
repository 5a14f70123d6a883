# Writes the grader test submissions (submissions/*.csv) from the prepared
# seed-0 answers: /usr/bin/python3 make_submissions.py /tmp/tgs
import os
import sys

import pandas as pd

ans = pd.read_csv(os.path.join(sys.argv[1], "prepared", "private", "test.csv")).fillna("")
ids = list(ans["id"])
enc = list(ans["rle_mask"])
n = len(ids)
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "submissions")


def write(name, text):
    with open(os.path.join(out, name + ".csv"), "w") as f:
        f.write(text)


def rows(preds, header="id,rle_mask", order=None, id_list=None):
    order = order if order is not None else range(len(preds))
    id_list = id_list or ids
    return header + "\n" + "".join(f"{id_list[i]},{preds[i]}\n" for i in order)


def shift(rle, d):
    t = rle.split()
    return " ".join(str(int(x) + d) if k % 2 == 0 else x for k, x in enumerate(t))


def with_row(k, value):
    p = list(enc)
    p[k] = value
    return p


empty_truth = [i for i in range(n) if enc[i] == ""]
full_truth = [i for i in range(n) if enc[i] != ""]
write("gold", rows(enc))
write("gold_reversed_rows", rows(enc, order=list(reversed(range(n)))))
write("sample", rows(["1 1"] * n))
write("all_empty", rows([""] * n))
write("whole_image", rows(["1 10201"] * n))
write("shifted_by_one", rows([shift(e, 1) for e in enc]))
write("shifted_by_50", rows([shift(e, 50) for e in enc]))
write("shifted_by_300", rows([shift(e, 300) for e in enc]))
write("first_run_only", rows([" ".join(e.split()[:2]) for e in enc]))
write("past_the_end", rows(with_row(full_truth[0], "10300 5")))
write("three_tokens", rows(with_row(empty_truth[0], "1 4 50")))
write("one_token", rows(with_row(full_truth[1], "7")))
write("numeric_text_cell", rows(with_row(empty_truth[0], "5")))
write("spaces_only", rows(with_row(full_truth[0], '"  "')))
write("columns_reordered", "rle_mask,id\n" + "".join(f"{enc[i]},{ids[i]}\n" for i in range(n)))
write("plus_and_underscore", rows(with_row(full_truth[0], " ".join("+" + x if k == 0 else x for k, x in enumerate(enc[full_truth[0]].split())))))
# invalid submissions
write("extra_column", "id,rle_mask,extra\n" + "".join(f"{ids[i]},{enc[i]},x\n" for i in range(n)))
write("missing_rle_mask_column", "id\n" + "".join(f"{ids[i]}\n" for i in range(n)))
write("renamed_column", "id,mask\n" + "".join(f"{ids[i]},{enc[i]}\n" for i in range(n)))
write("row_count_differs", rows(enc[:-1]))
write("ids_differ", rows(enc, id_list=ids[:-1] + ["ffffffffff"]))
write("duplicated_id", rows(enc, id_list=ids[:-1] + [ids[0]]))
write("numeric_ids", rows(enc, id_list=[str(1000 + i) for i in range(n)]))
write("numeric_rle_column", rows(["5" if i % 2 else "" for i in range(n)]))
write("unsorted_starts", rows(with_row(0, "50 2 10 2")))
write("zero_start", rows(with_row(0, "0 3")))
write("one_token_zero", rows(with_row(0, "0")))
write("zero_length", rows(with_row(0, "3 0")))
write("overlapping_runs", rows(with_row(0, "1 10 5 2")))
write("five_tokens_unsorted", rows(with_row(0, "9 2 5 2 1")))
# null scores that are not InvalidSubmissionError
write("text_token", rows(with_row(0, "1 x")))
write("float_token", rows(with_row(0, "1.0 2")))
write("five_tokens", rows(with_row(0, "1 2 5 2 9")))
# the first failing row in id order decides
order = sorted(range(n), key=lambda i: ids[i])
p = list(enc)
p[order[0]], p[order[1]] = "1 x", "50 2 10 2"
write("value_error_row_first", rows(p))
p = list(enc)
p[order[0]], p[order[1]] = "50 2 10 2", "1 x"
write("assertion_row_first", rows(p))
