#!/usr/bin/env bash
# Runs its arguments as commands at the same time, then prints each one's output in order and
# fails when any failed. Lint, Prettier and tsc are single-threaded: on two cores the three
# take the time of the longest (ADR 048).
set -uo pipefail
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pids=()
n=0
for cmd in "$@"; do
  bash -c "$cmd" >"$dir/$n.log" 2>&1 &
  pids+=($!)
  n=$((n + 1))
done
status=0
n=0
for cmd in "$@"; do
  if wait "${pids[$n]}"; then echo "::: ok: $cmd"; else echo "::: FALHOU: $cmd"; status=1; fi
  cat "$dir/$n.log"
  n=$((n + 1))
done
exit $status
