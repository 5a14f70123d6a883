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
{
  cat /home/instructions.txt
  cat <<NOTES

ADDITIONAL NOTES
------

- You have ${HARDWARE} and ${HOURS} hours in total, at most ${STEPS} steps.
- Check submissions by POSTing them to http://localhost:5000/validate; the helper script is not available in your sandbox.
- Write all your code in /home/code.
- Use the time you have: a better solution found later beats an early stop.
NOTES
} > /home/full_instructions.txt
