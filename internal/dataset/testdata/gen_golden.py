"""Golden values for package dataset, from CPython's own str.splitlines and
difflib.unified_diff (run once: python3 gen_golden.py > golden.json)."""
import difflib
import json

split_inputs = [
    "",
    "a",
    "a\n",
    "a\nb",
    "a\nb\n",
    "a\n\nb\n\n",
    "\n",
    "\n\n",
    "a\r\nb\r\n",
    "a\rb\r",
    "a\r\r\nb",
    " a \n\tb\t\n",
    "a\x0bb\x0cc\x1cd\x1de\x1ef\x85g\u2028h\u2029i",
    "spaceship-titanic\n",
    "x\n\r\n",
]

def dump(d):
    out = []
    for section in ("private", "public"):
        m = d[section]
        if not m:
            out.append(f"{section}: {{}}")
        else:
            out.append(f"{section}:")
            for k in sorted(m):
                out.append(f"  {k}: {m[k]}")
    out.append(f"zip: {d['zip']}")
    return out

base = {"zip": "z" * 32, "public": {f"f{i}.csv": f"{i:032d}" for i in range(12)}, "private": {"test.csv": "a" * 32}}
def variant(**changes):
    d = json.loads(json.dumps(base))
    for path, value in changes.items():
        section, name = path.split("__")
        if value is None:
            d[section].pop(name, None)
        else:
            d[section][name] = value
    return d

diff_cases = [
    ("identical", dump(base), dump(base)),
    ("one public file differs", dump(variant(public__f5="b" * 32)), dump(base)),
    ("first and last differ", dump(variant(private__test_csv="c" * 32, public__f0="d" * 32)), dump(base)),
    ("file missing", dump(variant(public__f3=None)), dump(base)),
    ("extra file", dump(variant(public__extra_csv="e" * 32)), dump(base)),
    ("far apart changes", dump(variant(public__f1="1" * 32, public__f10="2" * 32)), dump(base)),
    ("empty public", dump({"zip": "z" * 32, "public": {}, "private": {"test.csv": "a" * 32}}), dump(base)),
    ("all different", ["a", "b", "c"], ["x", "y"]),
    ("empty from", [], ["x", "y"]),
    ("empty to", ["x"], []),
]
# keys with underscores above stand for dots
def fix(lines):
    return [l.replace("test_csv", "test.csv").replace("extra_csv", "extra.csv") for l in lines]

out = {
    "splitlines": [{"in": s, "out": s.splitlines()} for s in split_inputs],
    "unified_diff": [
        {"name": name, "a": fix(a), "b": fix(b),
         "out": list(difflib.unified_diff(fix(a), fix(b), fromfile="actual_checksums", tofile="expected_checksums", lineterm=""))}
        for name, a, b in diff_cases
    ],
}
print(json.dumps(out, indent=1, ensure_ascii=True))
