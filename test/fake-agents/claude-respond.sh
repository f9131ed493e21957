# Sourced by `claude` beside this file: a round in the shell, without Node's start-up (~60 ms of
# CPU; this costs ~10). It plays only what claude.js would play the same, from the table
# test/helpers/shell-rounds.ts writes beside the script ("$FAKE_AGENT_SCRIPT.sh", for that script
# alone): a respond of nothing but `ask` and a judge's verdicts (respond.js), or a scripted round
# of stdout, stderr and an exit code (fake-agent-lib.js) — on a command line as eval-magic gives it,
# where each skill found has a plain name. Anything else falls through to claude.js. It logs the
# invocation as claude.js does, the prompt and (in respond mode) the environment in base64
# (promptBase64, envBase64: sh has no JSON encoder), which the tests' calls() decode.
# Its variables are fa_-prefixed: one named as a variable of the environment would change what it logs.
fa_round() {
  [ -f "${FAKE_AGENT_SCRIPT:-}.sh" ] && [ -n "${FAKE_AGENT_LOG:-}" ] || return
  . "$FAKE_AGENT_SCRIPT.sh"
  # The table is for the script it was written with: a script written since, by hand, is claude.js's.
  IFS= read -r fa_script < "$FAKE_AGENT_SCRIPT" || [ -n "$fa_script" ] || return
  [ "$fa_script" = "$fa_for" ] || return
  # The options eval-magic gives (harnesses/claude-code.json), each a word JSON needs no escape for.
  fa_print='' fa_format='' fa_verbose='' fa_mode='' fa_model='' fa_resume='' fa_want='' fa_argv=''
  for fa_arg in "$@"; do
    case $fa_arg in '' | *[!A-Za-z0-9._:/=@+-]*) return ;; esac
    fa_argv="$fa_argv${fa_argv:+,}\"$fa_arg\""
    case $fa_want in
      format) fa_format=$fa_arg fa_want='' ; continue ;;
      mode) fa_mode=$fa_arg fa_want='' ; continue ;;
      model) fa_model=$fa_arg fa_want='' ; continue ;;
      resume) fa_resume=$fa_arg fa_want='' ; continue ;;
    esac
    case $fa_arg in
      -p | --print) fa_print=1 ;;
      --verbose) fa_verbose=1 ;;
      --output-format) fa_want=format ;;
      --permission-mode) fa_want=mode ;;
      --model) fa_want=model ;;
      --resume | -r) fa_want=resume ;;
      *) return ;;
    esac
  done
  [ -n "$fa_print" ] && [ "$fa_format" = stream-json ] && [ -n "$fa_verbose" ] && [ -z "$fa_want" ] || return
  # As root, claude.js refuses bypassPermissions outside a sandbox: left to it.
  case $fa_mode in '' | acceptEdits | default | plan) ;; bypassPermissions) [ "${IS_SANDBOX:-}" = 1 ] || return ;; *) return ;; esac
  fa_cwd=$(pwd -P)
  case $fa_cwd in *[!A-Za-z0-9._/-]*) return ;; esac
  # The marker only this process holds open, where claude.js makes its own (fake-agent-lib.js, newMark).
  fa_dir=$(cd "${FAKE_AGENT_LOG%/*}" && pwd -P)
  case $fa_dir in *[!A-Za-z0-9._/-]*) return ;; esac
  # One clock read for both (each command here is an exec): the time in ms, and a session id of
  # 12 digits (claude.js's is 12 hex digits) from its nanoseconds, which no two sessions share.
  # GNU's date, env -0 and base64 -w: where one differs (BSD), it fails before stdin is read, and claude.js plays.
  fa_now=$(date +%s%N)
  case $fa_now in '' | *[!0-9]*) return ;; esac
  if [ "$fa_kind" = rounds ]; then fa_scripted "$@"; return; fi
  # The skills claude.js finds (respond.js, discoverSkills): the name: line of each SKILL.md in the
  # project's and the user's skill folders; one it would read otherwise is left to it.
  fa_skills=''
  for fa_file in .claude/skills/*/SKILL.md .claude/skills/.*/SKILL.md ${HOME:+"$HOME"/.claude/skills/*/SKILL.md "$HOME"/.claude/skills/.*/SKILL.md}; do
    case $fa_file in */./SKILL.md | */../SKILL.md) continue ;; esac
    [ -e "$fa_file" ] || continue
    [ -f "$fa_file" ] && [ -r "$fa_file" ] || return
    fa_name=$(sed -n '/^name:/{s/^name:[[:space:]]*//;s/[[:space:]]*$//;p;q;}' "$fa_file")
    case $fa_name in '') return ;; *[!A-Za-z0-9._-]*) return ;; esac
    fa_skills="$fa_skills$fa_name
"
  done
  # Sorted as claude.js sorts them (each command is an exec: none for one skill or none).
  case $fa_skills in *?"
"?*) fa_skills=$(printf %s "$fa_skills" | LC_ALL=C sort -u) ;; esac
  fa_skills_json='' fa_shown=''
  for fa_name in $fa_skills; do fa_skills_json="$fa_skills_json${fa_skills_json:+,}\"$fa_name\"" fa_shown="$fa_shown${fa_shown:+, }$fa_name"; done
  fa_env64=$(env -0 2>/dev/null | base64 -w 0)
  [ -n "$fa_env64" ] || return
  fa_prompt64=$(base64 -w 0)
  # No prompt: claude.js, given none either, says so as the CLI does.
  [ -n "$fa_prompt64" ] || return
  fa_prompt=''
  [ "$fa_entries" -eq 0 ] || fa_prompt=$(printf %s "$fa_prompt64" | base64 -d)
  # The first judge entry whose `when` the prompt holds gives the answer, as in respond.js.
  fa_shown=${fa_shown:-none}
  if [ -n "$fa_ask" ]; then fa_text="\"Skills I can see: $fa_shown. Shall I go on?\""; else fa_text="\"Skills I can see: $fa_shown. Done.\""; fi
  fa_i=1
  while [ "$fa_i" -le "$fa_entries" ]; do
    eval "fa_when=\$fa_when_$fa_i"
    case $fa_prompt in
      *"$fa_when"*) eval "fa_text=\$fa_text_$fa_i"; break ;;
    esac
    fa_i=$((fa_i + 1))
  done
  fa_session=${fa_resume:-"sess-${fa_now#???????}"}
  fa_mark="$fa_dir/.fake-agent-mark-agent-$$-$fa_now"
  : > "$fa_mark"
  exec 9< "$fa_mark"
  fa_line="{\"agent\":\"claude\",\"argv\":[$fa_argv],\"promptBase64\":\"$fa_prompt64\",\"session\":$(fa_json "$fa_resume"),\"model\":$(fa_json "$fa_model"),\"skills\":[$fa_skills_json],\"cwd\":\"$fa_cwd\",\"envBase64\":\"$fa_env64\",\"mark\":\"$fa_mark\",\"at\":${fa_now%??????}}
"
  # One write(2) of the whole line: sessions running at once append whole lines.
  printf %s "$fa_line" >> "$FAKE_AGENT_LOG"
  printf '%s\n' \
    "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"$fa_session\",\"cwd\":\"$fa_cwd\",\"tools\":[\"Bash\"],\"skills\":[$fa_skills_json${fa_skills_json:+,}\"update-config\"]}" \
    "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":$fa_text}]}}" \
    "{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":false,\"result\":$fa_text,\"session_id\":\"$fa_session\",\"duration_ms\":5,\"total_cost_usd\":0.0125,\"usage\":{\"input_tokens\":100,\"output_tokens\":20,\"cache_read_input_tokens\":50}}"
  exit 0
}

# A string as JSON (its characters need no escape), or null when empty.
fa_json() { if [ -n "$1" ]; then printf '"%s"' "$1"; else printf null; fi; }

# The scripted round this invocation plays: the n-th, n the lines logged before (fake-agent-lib.js, takeRound).
fa_scripted() {
  fa_n=0
  [ ! -f "$FAKE_AGENT_LOG" ] || fa_n=$(wc -l < "$FAKE_AGENT_LOG")
  fa_n=$((fa_n + 1))
  # A round the table leaves out (or none): claude.js's.
  eval "[ -n \"\${fa_exit_$fa_n-}\" ]" || return
  eval "fa_out=\$fa_out_$fa_n fa_err=\$fa_err_$fa_n fa_exit=\$fa_exit_$fa_n"
  fa_prompt64=$(base64 -w 0)
  [ -n "$fa_prompt64" ] || return
  fa_mark="$fa_dir/.fake-agent-mark-agent-$$-$fa_now"
  : > "$fa_mark"
  exec 9< "$fa_mark"
  fa_line="{\"agent\":\"claude\",\"argv\":[$fa_argv],\"promptBase64\":\"$fa_prompt64\",\"session\":$(fa_json "$fa_resume"),\"model\":$(fa_json "$fa_model"),\"cwd\":\"$fa_cwd\",\"mark\":\"$fa_mark\"}
"
  printf %s "$fa_line" >> "$FAKE_AGENT_LOG"
  printf %s "$fa_out"
  [ -z "$fa_err" ] || printf %s "$fa_err" >&2
  exit "$fa_exit"
}

fa_round "$@"
