#!/bin/sh
# The baseline agent is a static program; in images with a shell (or the
# local backend) this script just hands over to it.
exec "${AGENT_DIR:-/home/agent}/baseline-agent" "$@"
