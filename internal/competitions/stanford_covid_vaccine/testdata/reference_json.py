"""Golden round trip of pandas read_json(lines=True) -> to_json(orient="records", lines=True).

Usage: python3 reference_json.py OUT_DIR
Writes OUT_DIR/json_cases.jsonl (tricky input: number forms, float rounding
ties, 15+ fraction digits, exponents, NaN/Infinity tokens, escapes and
non-ASCII text, dtype inference of integral floats, numeric strings,
missing keys and nulls, a blank line, a duplicate key) and
OUT_DIR/json_cases_pandas.jsonl, what Debian's pandas 1.5.3 writes back
(its vendored ujson and read_json dtype inference are those of pandas 2.2
for these inputs; pandas 1.5 omits the final newline, added here as 2.x
writes it).
"""
import os
import random
import sys

import pandas as pd

out = sys.argv[1]
rnd = random.Random(5)
ties = ["0.00000000005", "0.00000000015", "0.00000000025", "0.00000000035", "1.00000000005",
        "0.12345678905", "2.99999999995", "0.99999999999", "0.999999999995", "123.45678901235"]
many = ["%d.%0*d" % (rnd.randrange(0, 1000), k, rnd.randrange(0, 10 ** k)) for k in range(1, 17) for _ in range(12)]
many += ["-" + x for x in many[::7]]
lst0 = ",".join(["0.38430000000000003", "1e-05", "3.5e-17", "12345678901234567890.0", "-0.0", "1e16",
                 "9999999999999998.0", "123456.789e3", "1E2", "-5", "0", "NaN", "-Infinity", "Infinity",
                 "5e-324", "1.7976931348623157e308", "0.1e-3", "7.0E+2", "[1.5,[2,\"x\"]]", "null", "\"s\"", "true"]
                + ties + many)
lines = [
    '{"index":0,"f_int":1.0,"f":0.1,"mixed_num":1,"s":"a/b \\"q\\" \\\\ \\t\\u0001\\u007f caf\\u00e9 \\ud83d\\ude00 \u00e9","snum":"1.5","sint":"1","b":true,"big":1e17,'
    '"lst":[' + lst0 + '],"nulls":1.5,"int_null":1,"lst_null":[1.0],"str_null":"a","e":1.5e3}',
    '',
    '{"index":1,"f_int":0.0,"f":2.5,"mixed_num":2.5,"s":"\\/\\b\\f\\n\\r","snum":" 2 ","sint":"2","b":false,"big":2.0,'
    '"lst":[],"nulls":null,"int_null":null,"lst_null":null,"str_null":null,"e":-2E-3,"late":"x"}',
    '  {"index" : 2, "f_int" : 3.0, "f" : -0.0, "mixed_num" : 3, "s" : "", "snum" : "3e0", "sint" : "3", "b" : true, "big" : 3.0,'
    ' "lst" : [0.5], "int_null" : 2, "lst_null" : [2], "str_null" : "b", "e" : 0.0, "s" : "dup"}  ',
]
with open(os.path.join(out, "json_cases.jsonl"), "w", encoding="utf-8") as f:
    f.write("\n".join(lines) + "\n")
df = pd.read_json(os.path.join(out, "json_cases.jsonl"), lines=True)
print(df.dtypes)
text = df.to_json(orient="records", lines=True)
if not text.endswith("\n"):
    text += "\n"
with open(os.path.join(out, "json_cases_pandas.jsonl"), "w", encoding="utf-8") as f:
    f.write(text)
