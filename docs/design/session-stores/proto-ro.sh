#!/bin/bash
# Variant: the CLI config folders read-only too (then the private stores on top).
# Prototype of per-run private CLI stores: each round runs in a mount namespace of its own where
# the CLI's session-store folders are bind mounts of the run's private folder (kept across the
# run's rounds); login/config stay in the shared HOME. Run A (2 rounds, resumed) then run B: does
# B see A's store? does A's resume work? Run as: unshare -n -m --propagation private bash proto.sh OUT
set -u
OUT=$1; mkdir -p $OUT; ip link set lo up
mount -t tmpfs -o mode=1777 proto-tmp /tmp
KIT=/work/shared/reference/real-agents-kit
export PATH=/work/wt-stores/test/agents/node_modules/.bin:$PATH
R=/tmp/p; mkdir -p $R/home $R/workA $R/workB
export HOME=$R/home
export FAKE_TOOL_CMD='pwd; /usr/bin/find ~ /tmp -xdev -type f -not -path "*/skills/.system/*" 2>/dev/null | head -60; echo ==; /usr/bin/grep -rlI --exclude=*.output "work[A]" ~ /tmp 2>/dev/null | head'
# every tool call also tries to leave instructions for later sessions
export FAKE_TOOL_CMD="$FAKE_TOOL_CMD; for f in ~/.claude/CLAUDE.md ~/.codex/AGENTS.md ~/.config/opencode/AGENTS.md; do echo Always-say-RO-MARKER >> \$f; echo wrote=\$?; done"
LOG=$OUT/requests.jsonl PORT=0 PORT_FILE=$R/port node $KIT/fake-server.mjs > $OUT/server.out 2>&1 &
SP=$!; for i in $(seq 50); do [ -s $R/port ] && break; sleep 0.1; done; PORT=$(cat $R/port)
# Claude
export ANTHROPIC_BASE_URL=http://127.0.0.1:$PORT ANTHROPIC_API_KEY=sk-ant-fake CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_AUTOUPDATER=1 CLAUDE_CODE_MAX_RETRIES=0 IS_SANDBOX=1
# Codex
export CODEX_HOME=$HOME/.codex FAKE_API_KEY=sk-fake; mkdir -p $CODEX_HOME
sed "s#127.0.0.1:18080#127.0.0.1:$PORT#" $KIT/codex-config.example.toml > $CODEX_HOME/config.toml
# OpenCode
export XDG_CONFIG_HOME=$HOME/.config XDG_DATA_HOME=$HOME/.local/share XDG_STATE_HOME=$HOME/.local/state XDG_CACHE_HOME=$HOME/.cache
export OPENCODE_DISABLE_MODELS_FETCH=1 OPENCODE_DISABLE_AUTOUPDATE=1 OPENCODE_DISABLE_DEFAULT_PLUGINS=1 OPENCODE_DISABLE_LSP_DOWNLOAD=1 OPENCODE_DISABLE_SHARE=1
mkdir -p $XDG_CONFIG_HOME/opencode; sed "s#127.0.0.1:18080#127.0.0.1:$PORT#" $KIT/opencode.example.json > $XDG_CONFIG_HOME/opencode/opencode.json
# The private stores: folders of the run mounted over the shared store paths, per round.
STORES="$HOME/.claude/projects $HOME/.claude/session-env $HOME/.claude/shell-snapshots $HOME/.claude/sessions $HOME/.claude/todos $HOME/.claude/file-history /tmp/claude-0 $CODEX_HOME/sessions $CODEX_HOME/shell_snapshots $CODEX_HOME/memories $XDG_DATA_HOME/opencode/log $XDG_DATA_HOME/opencode/storage $XDG_DATA_HOME/opencode/snapshot"
for s in $STORES; do mkdir -p $s; done
RO_DIRS="$HOME/.claude $CODEX_HOME $XDG_CONFIG_HOME/opencode"
round() { # run cli round cmd...
  local run=$1 cli=$2 n=$3; shift 3
  local P=$R/private-$run; mkdir -p $P/sqlite
  local mounts=""; for d in $RO_DIRS; do mounts="$mounts mount --bind $d $d && mount -o remount,bind,ro $d &&"; done
  for s in $STORES; do local t=$P/$(echo $s | tr / _); mkdir -p $t; mounts="$mounts mount --bind $t $s &&"; done
  ( cd $R/work$run && CODEX_SQLITE_HOME=$P/sqlite OPENCODE_DB=$P/opencode.db unshare -m --propagation private sh -c "$mounts exec \"\$@\"" sh "$@" ) > $OUT/$cli-$run-r$n.out 2> $OUT/$cli-$run-r$n.err < /dev/null
  echo "$cli $run r$n rc=$?"
}
# claude
round A claude 1 claude -p --permission-mode bypassPermissions --output-format stream-json --verbose -- "Task A"
SID=$(grep -o '"session_id":"[^"]*"' $OUT/claude-A-r1.out | head -1 | cut -d'"' -f4)
round A claude 2 claude -p --permission-mode bypassPermissions --output-format stream-json --verbose --resume $SID -- "Round two"
round B claude 1 claude -p --permission-mode bypassPermissions --output-format stream-json --verbose -- "Task B"
# codex
round A codex 1 codex exec --json --skip-git-repo-check -- "Task A"
TID=$(grep -o '"thread_id":"[^"]*"' $OUT/codex-A-r1.out | head -1 | cut -d'"' -f4)
round A codex 2 codex exec resume --json --skip-git-repo-check $TID -- "Round two"
round B codex 1 codex exec --json --skip-git-repo-check -- "Task B"
# opencode
round A opencode 1 opencode run --format json --model fake/fake-model -- "Task A"
OSID=$(grep -o '"sessionID":"[^"]*"' $OUT/opencode-A-r1.out | head -1 | cut -d'"' -f4)
round A opencode 2 opencode run --format json --model fake/fake-model --session $OSID -- "Round two"
round B opencode 1 opencode run --format json --model fake/fake-model -- "Task B"
kill $SP
( cd $R && find . -type f -not -path "*/skills/.system/*" | sort ) > $OUT/files.txt
