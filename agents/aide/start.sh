#!/bin/bash
# Starts AIDE on the competition in /home/data. Arguments are omegaconf
# overrides from agents/aide/config.yaml (agent.steps=500 ...).
set -x
cd "${AGENT_DIR:-/home/agent}"

eval "$(conda shell.bash hook)"
conda activate agent

# Describe the hardware to the agent: "<count> <GPU model>" per model, or a CPU.
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi >/dev/null 2>&1; then
  HARDWARE=$(nvidia-smi --query-gpu=name --format=csv,noheader \
    | sort | uniq -c | sed -E 's/^ *([0-9]+) /\1 /' | paste -sd ', ')
else
  HARDWARE="a CPU"
fi
export HARDWARE
python -c "import torch; print('torch sees a GPU:', torch.cuda.is_available())" || true
python -c "import tensorflow as tf; print('tensorflow sees GPUs:', tf.config.list_physical_devices('GPU'))" || true

format_time() {
  local s=$1
  echo "$((s / 3600))hrs $(((s % 3600) / 60))mins $((s % 60))secs"
}
export TIME_LIMIT=$(format_time "$TIME_LIMIT_SECS")

if [ "${OBFUSCATE}" = "true" ]; then
  # Obfuscation rewrites /home/data, which the runner mounts read-only.
  if [ ! -w /home/data/ ]; then
    echo "Obfuscation not implemented for read-only mounts"
    exit 1
  fi
  cp /home/instructions_obfuscated.txt /home/instructions.txt
  if [ -f /home/data/description_obfuscated.md ]; then
    mv /home/data/description_obfuscated.md /home/data/description.md
  fi
fi

# What AIDE reads: the benchmark instructions (with /home/ stripped, since
# AIDE works relative to its data dir), the original's additional notes
# (staged from --upstream-dir), then the competition text.
{
  sed 's#/home/##g' /home/instructions.txt
  echo
  envsubst < "${AGENT_DIR}/additional_notes.txt"
  printf '\nCOMPETITION INSTRUCTIONS\n------\n\n'
  cat /home/data/description.md
} > "${AGENT_DIR}/full_instructions.txt"

# AIDE writes into its workspace; point it at the directories the harness collects.
mkdir -p "${AGENT_DIR}/logs" "${AGENT_DIR}/workspaces/exp"
ln -sfn "${LOGS_DIR}" "${AGENT_DIR}/logs/exp"
ln -sfn "${CODE_DIR}" "${AGENT_DIR}/workspaces/exp/best_solution"
ln -sfn "${SUBMISSION_DIR}" "${AGENT_DIR}/workspaces/exp/best_submission"

timeout "$TIME_LIMIT_SECS" aide data_dir="/home/data/" desc_file="${AGENT_DIR}/full_instructions.txt" \
  exp_name="exp" "$@"
status=$?
if [ $status -eq 124 ]; then
  echo "Timed out after $TIME_LIMIT"
fi
exit $status
