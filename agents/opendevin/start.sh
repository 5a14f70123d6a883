#!/bin/bash
# Starts OpenHands' CodeAct agent on the competition. Output is also written to
# /home/logs/agent.log. Arguments: see setup.sh.
exec > >(tee -a /home/logs/agent.log) 2>&1
set -x
cd "${AGENT_DIR:-/home/agent}"

if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi >/dev/null 2>&1; then
  HARDWARE=$(nvidia-smi --query-gpu=name --format=csv,noheader \
    | sort | uniq -c | sed -E 's/^ *([0-9]+) /\1 /' | paste -sd ', ')
else
  HARDWARE="a CPU"
fi
export HARDWARE

# Wait for the entrypoint's Docker daemon.
for _ in $(seq 60); do
  [ -f "${AGENT_DIR}/entrypoint_done" ] && break
  sleep 5
done
docker info >/dev/null || { echo "Docker is not available inside the container"; exit 1; }

sudo "${AGENT_DIR}/build.sh"
bash "${AGENT_DIR}/setup.sh" "$@"

HOURS=24
for ((i = 1; i <= $#; i++)); do
  [ "${!i}" = "--max_time_in_hours" ] && { j=$((i + 1)); HOURS="${!j}"; }
done
CONTINUE="Please continue working on the approach you think is most promising. You should complete the task without any human input."
timeout "$((HOURS * 3600))" poetry run python -m openhands.core.main \
  --config-file "${AGENT_DIR}/config.toml" --file /home/full_instructions.txt \
  --fake-user-response "$CONTINUE"
status=$?
# Keep a readable trace of what the agent did.
cp -r "${AGENT_DIR}/logs/." /home/code/ 2>/dev/null || true
exit $status
