#!/usr/bin/env bash
# The step behind action.yml: builds eval-magic from the action's checkout if needed, then runs
# `eval-magic check` with the inputs (INPUT_PATHS, INPUT_FORMAT, INPUT_MAX_WARNINGS, INPUT_SARIF,
# INPUT_ERROR_ON_UNMATCHED_PATTERN, INPUT_CONFIG).
set -euo pipefail
root="${EVAL_MAGIC_ROOT:?EVAL_MAGIC_ROOT must name the eval-magic checkout}"

if [[ ! -f "$root/dist/bin.cjs" ]]; then
  # The action runs from a git checkout, which has no dist/: npm ci builds it (prepare; logs to stderr).
  # The build needs the dev dependencies and the prepare script, whatever the workflow's NODE_ENV
  # or npm settings (NODE_ENV=production, NPM_CONFIG_OMIT=dev, NPM_CONFIG_IGNORE_SCRIPTS=true) say.
  (cd "$root" && NODE_ENV= npm ci --include=dev --ignore-scripts=false --no-audit --no-fund --loglevel=error >&2) || {
    echo "eval-magic: could not install and build eval-magic in $root (npm ci failed; its log is above)." >&2
    exit 2
  }
  if [[ ! -f "$root/dist/bin.cjs" ]]; then
    echo "eval-magic: npm ci in $root did not build dist/bin.cjs; the check did not run." >&2
    exit 2
  fi
fi

# Split on whitespace only; globs stay literal (read never expands them) for eval-magic to expand.
# Unset (the script run by hand): ".", as the input's default. Set but blank (an expression that
# came out empty, such as a list of changed files with none in it): refused, as `check ""` is —
# never a check of the whole workspace nobody asked for.
read -r -d '' -a paths <<<"${INPUT_PATHS-.}" || true
if (( ${#paths[@]} == 0 )); then
  echo 'eval-magic: the "paths" input is empty; name the files, folders or globs to check ("." for the whole workspace), or skip the step when there are none (if: …).' >&2
  exit 2
fi
args=(check --format "${INPUT_FORMAT:-stylish}" --max-warnings "${INPUT_MAX_WARNINGS:--1}")
if [[ -n "${INPUT_SARIF:-}" ]]; then
  args+=(--format "sarif=${INPUT_SARIF}")
fi
if [[ -n "${INPUT_CONFIG:-}" ]]; then
  args+=(--config "${INPUT_CONFIG}")
fi
case "${INPUT_ERROR_ON_UNMATCHED_PATTERN:-true}" in
  true) ;;
  false) args+=(--no-error-on-unmatched-pattern) ;;
  *)
    echo "eval-magic: the \"error-on-unmatched-pattern\" input is \"${INPUT_ERROR_ON_UNMATCHED_PATTERN}\"; it must be true or false." >&2
    exit 2
    ;;
esac
# Paths last, after "--": a path that looks like an option (--output-file=…) is still a path.
exec node "$root/dist/bin.cjs" "${args[@]}" -- "${paths[@]}"
