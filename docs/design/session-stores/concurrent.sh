#!/bin/bash
# Two Claude sessions at once on one HOME: does B see A's live Bash output under /tmp/claude-<uid>?
# Run as: unshare -n -m --propagation private bash concurrent.sh OUT
set -u
OUT=$1; mkdir -p $OUT; ip link set lo up
mount -t tmpfs -o mode=1777 proto-tmp /tmp
KIT=/work/shared/reference/real-agents-kit
export PATH=/work/wt-stores/test/agents/node_modules/.bin:$PATH
R=/tmp/p; mkdir -p $R/home $R/workA $R/workB; export HOME=$R/home
export ANTHROPIC_API_KEY=sk-ant-fake CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_AUTOUPDATER=1 CLAUDE_CODE_MAX_RETRIES=0 IS_SANDBOX=1
FAKE_TOOL_CMD='echo LIVE-SECRET-FROM-A; sleep 25; echo done' LOG=$OUT/a.jsonl PORT=0 PORT_FILE=$R/pa node $KIT/fake-server.mjs > $OUT/sa.out 2>&1 & SA=$!
FAKE_TOOL_CMD='sleep 8; /usr/bin/find /tmp/claude-0 -type f; cat /tmp/claude-0/*workA*/*/tasks/*.output' LOG=$OUT/b.jsonl PORT=0 PORT_FILE=$R/pb node $KIT/fake-server.mjs > $OUT/sb.out 2>&1 & SB=$!
for i in $(seq 50); do [ -s $R/pa ] && [ -s $R/pb ] && break; sleep 0.1; done
(cd $R/workA && ANTHROPIC_BASE_URL=http://127.0.0.1:$(cat $R/pa) claude -p --output-format stream-json --verbose --permission-mode bypassPermissions -- "Task A" > $OUT/A.out 2>&1 < /dev/null) &
sleep 3
(cd $R/workB && ANTHROPIC_BASE_URL=http://127.0.0.1:$(cat $R/pb) claude -p --output-format stream-json --verbose --permission-mode bypassPermissions -- "Task B" > $OUT/B.out 2>&1 < /dev/null)
wait %3 2>/dev/null; sleep 1; kill $SA $SB
