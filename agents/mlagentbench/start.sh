#!/bin/bash
# Starts MLAgentBench's research agent on the competition in /home/data.
# Arguments are argparse flags from agents/mlagentbench/config.yaml.
set -x
cd "${AGENT_DIR:-/home/agent}/MLAgentBench"

eval "$(conda shell.bash hook)"
conda activate agent
PYTHON=$(command -v python)

if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi >/dev/null 2>&1; then
  HARDWARE=$(nvidia-smi --query-gpu=name --format=csv,noheader \
    | sort | uniq -c | sed -E 's/^ *([0-9]+) /\1 /' | paste -sd ', ')
else
  HARDWARE="a CPU"
fi
export HARDWARE
format_time() {
  local s=$1
  echo "$((s / 3600))hrs $(((s % 3600) / 60))mins $((s % 60))secs"
}
export TIME_LIMIT=$(format_time "$TIME_LIMIT_SECS")

# Environment checks, for the log.
ls /private || true
ls /home/data
/home/validate_submission.sh /home/data/sample_submission.csv || true
python -c "import torch; print('torch sees a GPU:', torch.cuda.is_available())" || true

# Instructions: paths relative to the task's env, plus the original's
# additional notes (staged from --upstream-dir).
sed -i 's#/home/##g' /home/instructions.txt
envsubst < "${AGENT_DIR}/additional_notes.txt" >> /home/instructions.txt

TASK=MLAgentBench/benchmarks/mlebench
ln -sfn /home/submission "$TASK/env/submission"
ln -sfn /home/data "$TASK/env/data"
mkdir -p "${AGENT_DIR}/logs"
ln -sfn /home/logs "${AGENT_DIR}/logs/agent_log"
mkdir -p "$TASK/scripts"
cp /home/instructions.txt "$TASK/scripts/research_problem.txt"
cp /home/instructions.txt "$TASK/env/instructions.txt"
cp /home/validate_submission.sh "$TASK/env/validate_submission.sh"

python -u -m MLAgentBench.prepare_task mlebench "$PYTHON"
timeout "$TIME_LIMIT_SECS" python -u -m MLAgentBench.runner --python "$PYTHON" --task mlebench --device 0 \
  --log-dir "${AGENT_DIR}/logs" --work-dir workdir "$@"
status=$?
[ $status -eq 124 ] && echo "Timed out after $TIME_LIMIT"

# Keep the agent's code (files under 10 MB) for the record.
(cd workdir && find . -type f -size -10M -exec cp --parents {} /home/code/ \;) || true
exit $status
