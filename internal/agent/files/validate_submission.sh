#!/bin/bash
# Sends a submission file to the validation server and prints its verdict.
# The server says whether the file is valid; it never reveals a score.
if [ "$#" -lt 1 ]; then
    echo "Usage: $0 <submission_file>"
    exit 1
fi
SUBMISSION_FILE="$1"
SERVER_URL="${MLEBENCH_VALIDATE_URL:-http://localhost:5000/validate}"
if [ ! -f "$SUBMISSION_FILE" ]; then
    echo "File $SUBMISSION_FILE does not exist."
    exit 1
fi
curl -X POST -F "file=@${SUBMISSION_FILE}" "${SERVER_URL}"
