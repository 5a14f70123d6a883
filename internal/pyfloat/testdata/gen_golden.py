# Generates golden.json for pyfloat tests. Run once with CPython 3.11:
#   python3 internal/pyfloat/testdata/gen_golden.py > internal/pyfloat/testdata/golden.json
import json
reprs = [0.0, -0.0, 1.0, 0.5, 6e-05, 1e-4, 0.0001234, 1e16, 1e15, 123456789012345.0,
         1.2345678901234568e+17, 100000.0, 0.1, 1/3, 2.5e-10, -7.25, 1e22, 5e-324,
         1.7976931348623157e308, 39.0, 0.00099999, 9999999999999998.0, -1e-05]
rounds = [0.123455, 0.123465, 2.675, 1.000005, 0.5, 0.999995, 0.1234549999, 123.456785,
          -0.123455, 0.503450000001, 1e-06, 4.999995e-06, 12345678.123455]
print(json.dumps({
    "repr": [[v.hex(), repr(v)] for v in reprs],
    "round5": [[v.hex(), round(v, 5).hex()] for v in rounds],
}, indent=1))
