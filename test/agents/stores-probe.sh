#!/bin/sh
# Runs stores.probe.ts inside a namespace like run-tier.ts's: loopback only, the checkout at
# /mnt/eval-magic, a tmpfs /tmp. STORES_OUT (outside /tmp) receives the evidence; TIER_AGENTS
# narrows the CLIs, STORES_MODE=memory adds the instruction-file case. Not part of any suite:
# findings of 2026-12 (Claude Code 2.1.197, Codex 0.171.0, OpenCode 1.18.33) are in the commit.
set -e
REPO=$(cd "$(dirname "$0")/../.." && pwd)
# Not root: map the user to root in a user namespace, as run-tier.ts does.
ASROOT=$([ "$(id -u)" = 0 ] || echo --map-root-user)
exec unshare $ASROOT --net --mount --propagation private -- sh -c '
ip link set lo up && mount -t tmpfs -o mode=0755 em-probe /mnt && mkdir -m 0755 /mnt/eval-magic &&
for e in "$1"/* "$1"/.[!.]*; do [ -e "$e" ] || continue; t=/mnt/eval-magic/${e##*/}; if [ -d "$e" ]; then mkdir "$t"; else : > "$t"; fi; mount --bind "$e" "$t" || exit 1; done &&
mount -t tmpfs -o mode=1777 em-probe-tmp /tmp && cd /mnt/eval-magic && exec node --import tsx test/agents/stores.probe.ts' probe "$REPO"
