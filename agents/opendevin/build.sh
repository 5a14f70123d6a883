#!/bin/bash
# Builds OpenHands (frontend, backend, browser). Runs as root through sudo.
set -e
cd "$(dirname "$0")"
make build
poetry run playwright install --with-deps chromium
