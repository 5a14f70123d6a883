#!/bin/bash
# Writes OpenHands' config.toml and the full instructions from the kwargs:
#   --agent A --model M --max_time_in_hours H --max_steps N --shm_size S
set -e
while [ $# -gt 0 ]; do
  case "$1" in
    --agent) AGENT="$2" ;;
    --model) MODEL="$2" ;;
    --max_time_in_hours) HOURS="$2" ;;
    --max_steps) STEPS="$2" ;;
    --shm_size) SHM="$2" ;;
  esac
  shift 2
done
cat > "${AGENT_DIR}/config.toml" <<TOML
[core]
workspace_base = "/home"
default_agent = "${AGENT}"
max_iterations = ${STEPS}
run_as_devin = true
sandbox_user_id = 1000
sandbox_timeout = 86400

[llm]
model = "${MODEL}"
api_key = "${OPENAI_API_KEY}"

[sandbox]
use_host_network = true
shm_size = "${SHM}"
TOML
export HOURS STEPS
{
  cat /home/instructions.txt
  envsubst < "${AGENT_DIR}/additional_notes.txt"
} > /home/full_instructions.txt
