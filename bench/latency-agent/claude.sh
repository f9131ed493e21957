#!/bin/sh
# The bench's agent: answers every round of a Claude Code print-mode session after a fixed
# latency (BENCH_AGENT_LATENCY_S, default 0.2 s), spending almost no CPU of its own (sh, sleep,
# printf), so what the campaign bench measures is eval-magic's scheduling, not the agent's.
# Its init event lists the skill when the task folder has it staged, as the real CLI's does.
# With BENCH_AGENT_VERDICT set it is the judge bench's stand-in judge: its answer is a verdict.
if [ "$1" = --version ]; then echo '1.0.0 (bench latency agent)'; exit 0; fi
cat > /dev/null
session=bench-$$
while [ $# -gt 0 ]; do
  if [ "$1" = --resume ]; then session=$2; fi
  shift
done
skills='[]'
for dir in .claude/skills/*/; do
  [ -f "${dir}SKILL.md" ] || continue
  name=${dir#.claude/skills/}
  skills="[\"${name%/}\"]"
done
# The answer as it stands inside a JSON string (quotes escaped).
text='Done with this round. Anything else?'
if [ -n "${BENCH_AGENT_VERDICT:-}" ]; then text='{\"passed\": true, \"evidence\": \"Done with this round.\", \"confidence\": 0.9}'; fi
sleep "${BENCH_AGENT_LATENCY_S:-0.2}"
printf '%s\n' \
  "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"$session\",\"cwd\":\"$PWD\",\"tools\":[\"Bash\",\"Skill\"],\"skills\":$skills}" \
  "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"$text\"}]},\"session_id\":\"$session\"}" \
  "{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":false,\"num_turns\":1,\"result\":\"$text\",\"stop_reason\":\"end_turn\",\"session_id\":\"$session\",\"usage\":{\"input_tokens\":100,\"output_tokens\":10}}"
