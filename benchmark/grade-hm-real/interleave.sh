#!/bin/bash
# interleaved whole-process runs: old binary, new binary, pandas reference
D=/tmp/hm-bench/h-and-m-personalized-fashion-recommendations/data
P=$D/h-and-m-personalized-fashion-recommendations/prepared
S=$P/public/sample_submission.csv; A=$P/private/answers.csv
N=${1:-5}
echo "start $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq $N); do
  /usr/bin/time -f "old %e %U %S %M" /tmp/hm-mle-old --data-dir $D grade-sample $S h-and-m-personalized-fashion-recommendations 2>&1 >/dev/null | tail -1
  /usr/bin/time -f "new %e %U %S %M" /tmp/hm-mle --data-dir $D grade-sample $S h-and-m-personalized-fashion-recommendations 2>&1 >/dev/null | tail -1
  (cd /work/wt/hm-grade && /usr/bin/time -f "pandas %e %U %S %M" /usr/bin/python3 benchmark/pandas_reference_grade.py h-and-m-personalized-fashion-recommendations $A $S 2>&1 >/dev/null | tail -1)
done
echo "end $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
