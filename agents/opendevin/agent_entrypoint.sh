#!/bin/bash
# Container entrypoint (root): the standard environment entrypoint in the
# background, GPU support for nested containers when there is a GPU, a Docker
# daemon for OpenHands' sandboxes, then stay alive.
/entrypoint.sh &
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi >/dev/null 2>&1; then
  distribution=$(. /etc/os-release; echo "$ID$VERSION_ID")
  curl -fsSL https://nvidia.github.io/libnvidia-container/gpgkey | gpg --dearmor -o /usr/share/keyrings/nvidia-container-toolkit.gpg
  curl -fsSL "https://nvidia.github.io/libnvidia-container/$distribution/libnvidia-container.list" \
    | sed 's#deb https://#deb [signed-by=/usr/share/keyrings/nvidia-container-toolkit.gpg] https://#' \
    > /etc/apt/sources.list.d/nvidia-container-toolkit.list
  apt-get update && apt-get install -y nvidia-container-toolkit && nvidia-ctk runtime configure --runtime=docker
fi
pkill dockerd || true
dockerd >/var/log/dockerd.log 2>&1 &
touch /home/agent/entrypoint_done
wait
