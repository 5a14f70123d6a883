# Writes the grader test submissions (submissions/*.csv) from the prepared
# seed-0 answers: /usr/bin/python3 make_submissions.py /tmp/kuz
import os
import sys

import pandas as pd

ans = pd.read_csv(os.path.join(sys.argv[1], "prepared", "private", "test.csv"))
ids = list(ans["image_id"])
truth = [s.split(" ") for s in ans["labels"]]
n = len(ids)
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "submissions")


def write(name, preds, order=None, id_list=None, header="image_id,labels"):
    order = order if order is not None else range(len(preds))
    id_list = id_list or ids
    with open(os.path.join(out, name + ".csv"), "w") as f:
        f.write(header + "\n" + "".join(f"{id_list[i]},{preds[i]}\n" for i in order))


def centres(t, dx=0.5, dy=0.5, label=None, every=1):
    g = []
    for k in range(0, len(t), 5):
        if (k // 5) % every:
            continue
        x, y, w, h = (int(v) for v in t[k + 1 : k + 5])
        g.append(f"{label or t[k]} {x + w * dx} {y + h * dy}")
    return " ".join(g)


write("centres", [centres(t) for t in truth])
write("centres_reordered", [centres(t) for t in truth], order=list(reversed(range(n))))
write("every_other", [centres(t, every=2) for t in truth])
write("wrong_labels", [centres(t, label="U+0000") for t in truth])
write("on_the_left_edge", [centres(t, dx=0) for t in truth])
write("just_inside", [centres(t, dx=0.001, dy=0.999) for t in truth])
write("duplicated", [centres(t) + " " + centres(t) for t in truth])
write("extra_far_points", [centres(t) + " U+306F -5 -5" for t in truth])
write("one_page_empty", ["" if i == 0 else centres(t) for i, t in enumerate(truth)])
write("all_empty", [""] * n)
write("nan_and_inf", [centres(t) + " U+306F nan inf" for t in truth])
write("exponent_forms", [" ".join(f"{p.split()[0]} {float(p.split()[1]):e} {float(p.split()[2]):e}" for p in [centres(t)]) for t in truth])
write("extra_column", [centres(t) + ",x" for t in truth], header="image_id,labels,extra")
# invalid submissions
write("row_count_differs", [centres(t) for t in truth][:-1])
write("missing_labels_column", [centres(t) for t in truth], header="image_id,label")
write("ids_differ", [centres(t) for t in truth], id_list=ids[:-1] + ["zzzz000-000"])
write("not_a_multiple_of_3", [centres(t) + " U+306F" for t in truth])
write("double_space", [centres(t).replace(" ", "  ", 1) for t in truth])
write("spaces_only", ['" "'] + [centres(t) for t in truth[1:]])
# null scores that are not InvalidSubmissionError
write("text_coordinate", [centres(t) + " U+306F abc 5" for t in truth])
write("numeric_labels_column", ["5"] * n)
