// Expands a harness argv template into the arguments of one round: per element, one pass, no shell.
// The placeholder vocabulary is the harness document kind's (checker/harness-kind.ts), which checks it.
import { PLACEHOLDER } from '../internal.js';

/** Values for one round's placeholders. */
export interface ArgvValues {
  prompt: string;
  cwd: string;
  outputsDir: string;
  round: number;
  /** Round 1's session id; absent in round 1. */
  sessionId?: string;
  /** The agent model; without it the `{model_args}` element disappears. */
  model?: string;
}

/**
 * The arguments for one round. Each element is substituted in a single pass, so a prompt that
 * itself contains `{cwd}` or `{session_id}` arrives verbatim; the element `"{model_args}"` is
 * replaced by the expanded `modelArgs` when a model is given and dropped otherwise.
 */
export function expandArgv(template: readonly string[], modelArgs: readonly string[], values: ArgvValues): string[] {
  const out: string[] = [];
  for (const element of template) {
    if (element === '{model_args}') {
      if (values.model !== undefined) out.push(...modelArgs.map((arg) => substitute(arg, values)));
      continue;
    }
    out.push(substitute(element, values));
  }
  return out;
}

/** Replaces every known placeholder of one element with its value. */
function substitute(element: string, values: ArgvValues): string {
  return element.replace(PLACEHOLDER, (whole, name: string) => {
    switch (name) {
      case 'prompt':
        return values.prompt;
      case 'cwd':
        return values.cwd;
      case 'outputs_dir':
        return values.outputsDir;
      case 'round':
        return String(values.round);
      case 'session_id':
        return values.sessionId ?? whole;
      case 'model':
        return values.model ?? whole;
      default:
        return whole;
    }
  });
}
