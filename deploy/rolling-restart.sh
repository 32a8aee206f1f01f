#!/bin/sh
# Restarts the portals behind nginx one at a time, so that nginx always has one that answers (docs/operations.md,
# docs/decisions/086): each portal is restarted (it drains first: /readyz 503 while it still serves, then it stops),
# and the next one only once the restarted one answers its /readyz with 200, plus SETTLE seconds.
#
#   deploy/rolling-restart.sh NAME=READYZ_URL [NAME=READYZ_URL ...]
#   deploy/rolling-restart.sh portal-a=http://127.0.0.1:3000/portal/readyz portal-b=http://127.0.0.1:3001/portal/readyz
#
# RESTART_COMMAND  run as `$RESTART_COMMAND NAME`; default `systemctl restart` (returns once the old process stopped)
# READY_TIMEOUT    seconds to wait for a restarted portal's /readyz before giving up (exit 1), default 120
# SETTLE           seconds to wait after it is ready, default 1. With the sample's max_fails=0 nginx sends it requests
#                  as soon as it listens; with max_fails above 0, make SETTLE at least the upstream's fail_timeout.
set -eu

if [ "$#" -eq 0 ]; then
  sed -n '2,13p' "$0" >&2
  exit 2
fi
restart=${RESTART_COMMAND:-systemctl restart}
ready_timeout=${READY_TIMEOUT:-120}
settle=${SETTLE:-1}

for pair in "$@"; do
  name=${pair%%=*}
  url=${pair#*=}
  if [ "$name" = "$pair" ] || [ -z "$url" ]; then
    echo "rolling-restart: '$pair' is not NAME=READYZ_URL" >&2
    exit 2
  fi
  echo "rolling-restart: restarting $name"
  $restart "$name"
  started=$(date +%s)
  until curl -fsS -o /dev/null --max-time 2 "$url" 2>/dev/null; do
    if [ $(($(date +%s) - started)) -ge "$ready_timeout" ]; then
      echo "rolling-restart: $name did not answer $url with 200 within $ready_timeout s: stopping here" >&2
      exit 1
    fi
    sleep 0.2
  done
  echo "rolling-restart: $name is ready after $(($(date +%s) - started)) s"
  sleep "$settle"
done
