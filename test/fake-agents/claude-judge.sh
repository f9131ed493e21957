# Sourced by `claude` beside this file: a judge's round in the shell, without Node's start-up
# (~60 ms of CPU; this costs ~7). It serves only what respond.js would answer the same: a judge whose
# script holds nothing but one verdict for each prompt it may match (the table campaign-helpers.ts's
# respond() writes beside the script, "$FAKE_AGENT_SCRIPT.sh"), a judge's command line, and no
# skill where the fake would find one. Anything else falls through to claude.js.
# It logs the invocation as claude.js does (its prompt as promptBase64: sh has no JSON encoder),
# but holds no marker and logs no env: a test that needs those scripts an option that needs Node.
fake_judge() {
  [ -f "${FAKE_AGENT_SCRIPT:-}.sh" ] && [ -n "${FAKE_AGENT_LOG:-}" ] || return
  # The options a judge is given (src/harness/ claude-code's argv), each a word JSON needs no escape for.
  print='' format='' verbose='' mode='' model='' want='' argv=''
  for arg in "$@"; do
    case $arg in '' | *[!A-Za-z0-9._:/=@+-]*) return ;; esac
    argv="$argv${argv:+,}\"$arg\""
    case $want in
      format) format=$arg want='' ; continue ;;
      mode) mode=$arg want='' ; continue ;;
      model) model=$arg want='' ; continue ;;
    esac
    case $arg in
      -p | --print) print=1 ;;
      --verbose) verbose=1 ;;
      --output-format) want=format ;;
      --permission-mode) want=mode ;;
      --model) want=model ;;
      *) return ;;
    esac
  done
  [ -n "$print" ] && [ "$format" = stream-json ] && [ -n "$verbose" ] && [ -z "$want" ] || return
  case $mode in '' | acceptEdits | default | plan) ;; bypassPermissions) [ "${IS_SANDBOX:-}" = 1 ] || return ;; *) return ;; esac
  # claude.js lists the skills it finds here (respond.js, discoverSkills): leave any to it.
  for skill in .claude/skills/*/SKILL.md .claude/skills/.*/SKILL.md; do [ -e "$skill" ] && return; done
  if [ -n "${HOME:-}" ]; then
    for skill in "$HOME"/.claude/skills/*/SKILL.md "$HOME"/.claude/skills/.*/SKILL.md; do [ -e "$skill" ] && return; done
  fi
  cwd=$(pwd -P)
  case $cwd in *[!A-Za-z0-9._/-]*) return ;; esac
  . "$FAKE_AGENT_SCRIPT.sh"
  prompt64=$(base64 -w 0)
  # No prompt: claude.js, given none either, says so as the CLI does.
  [ -n "$prompt64" ] || return
  prompt=$(printf %s "$prompt64" | base64 -d)
  # The first entry whose `when` the prompt holds gives the answer, as in respond.js.
  text='"Skills I can see: none. Done."'
  i=1
  while [ "$i" -le "$judge_entries" ]; do
    eval "when=\$when_$i"
    case $prompt in
      *"$when"*) eval "text=\$text_$i"; break ;;
    esac
    i=$((i + 1))
  done
  # One clock read for both (each command here is an exec): the time in ms, and a session id of
  # 12 digits (the fake's is 12 hex digits) from its nanoseconds, which no two judges share.
  now=$(date +%s%N)
  session="sess-${now#???????}"
  model_json=null
  [ -z "$model" ] || model_json="\"$model\""
  line="{\"agent\":\"claude\",\"argv\":[$argv],\"promptBase64\":\"$prompt64\",\"session\":null,\"model\":$model_json,\"skills\":[],\"cwd\":\"$cwd\",\"at\":${now%??????}}
"
  # One write(2) of the whole line: judges running at once append whole lines.
  printf %s "$line" >> "$FAKE_AGENT_LOG"
  printf '%s\n' \
    "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"$session\",\"cwd\":\"$cwd\",\"tools\":[\"Bash\"],\"skills\":[\"update-config\"]}" \
    "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":$text}]}}" \
    "{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":false,\"result\":$text,\"session_id\":\"$session\",\"duration_ms\":5,\"total_cost_usd\":0.0125,\"usage\":{\"input_tokens\":100,\"output_tokens\":20,\"cache_read_input_tokens\":50}}"
  exit 0
}
fake_judge "$@"
