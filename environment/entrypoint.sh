#!/bin/bash
# mlebench-env entrypoint (root). Everything it prints also goes to
# /home/logs/entrypoint.log.
set -x
mkdir -p /home/logs
exec > >(tee /home/logs/entrypoint.log) 2>&1

# Let the agent (nonroot) write everywhere under /home except the read-only
# data mount; done at start-up so files added by agent images are covered.
find /home -path /home/data -prune -o -exec chmod a+rw {} + 2>/dev/null
ls -l /home

# The validation server runs in its own container sharing this network
# namespace (http://localhost:5000). Stay alive until stopped.
trap 'exit 0' TERM INT
sleep infinity &
wait
