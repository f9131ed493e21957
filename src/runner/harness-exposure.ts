// What a harness shows the model of where a run is. A campaign keeps the agent in a neutral work
// folder and points `{outputs_dir}` at a neutral folder beside it ({cwd} is the neutral folder; env
// values are fixed strings, the same in both arms); a descriptor that hands the CLI a folder
// through `{outputs_dir}` (or a path climbing out of it) is still refused: a CLI may show it the model.
import type { HarnessDescriptor } from './harness-descriptor.js';

/** One command-line element that carries the run folder's path. */
export interface RunFolderExposure {
  /** Which template, and the element's index in it: `argv[11]`. */
  at: string;
  element: string;
  /** The flag before it, when there is one (`--output-last-message`). */
  flag: string | undefined;
  /**
   * false: a file the CLI writes strictly below the round folder (`{outputs_dir}/reply.md`, also
   * as `--flag={outputs_dir}/reply.md`) — in the command line only, which a process listing (`ps`)
   * shows the agent, but not what a CLI puts into the model's requests. true: anything else (the
   * folder itself, as `--add-dir` takes one, a path climbing out of it with `..`, or the path
   * inside other text), which a CLI may put into what the model reads.
   */
  shownToModel: boolean;
}

/** `--flag=` before the value, when the element is one. */
const FLAG_EQUALS = /^--?[A-Za-z0-9][\w-]*=/;

/**
 * A file strictly below the round folder, alone or as a `--flag=` value: `{outputs_dir}/` then one
 * or more segments, none empty, `.` or `..`, and no space, list separator or second placeholder. A `..` would name the run or the arm
 * (a file every run of the arm shares), a `.` or empty segment the folder itself.
 */
function isOutputFile(element: string): boolean {
  const value = element.replace(FLAG_EQUALS, '');
  if (!value.startsWith('{outputs_dir}/')) return false;
  const path = value.slice('{outputs_dir}/'.length);
  // One path, and only one placeholder: `{outputs_dir}/x,{outputs_dir}` (a list a CLI splits) names the folder too.
  return !/[\s,;:]/.test(path) && !path.includes('{outputs_dir}') && path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Every element of the descriptor's templates that names the run folder, in template order. */
export function runFolderExposures(harness: HarnessDescriptor): RunFolderExposure[] {
  const templates = [['argv', harness.argv], ['resume_argv', harness.resume_argv], ['model_args', harness.model_args]] as const;
  return templates.flatMap(([name, template]) =>
    template.flatMap((element, i) => {
      if (!element.includes('{outputs_dir}')) return [];
      const before = template[i - 1];
      const flag = before !== undefined && /^--?[A-Za-z]/.test(before) && !before.includes('=') ? before : undefined;
      return [{ at: `${name}[${i}]`, element, flag, shownToModel: !isOutputFile(element) }];
    }),
  );
}

/** One exposure in words: where, what, and who can see it. */
export function describeExposure(exposure: RunFolderExposure): string {
  const what = `${exposure.at} ${JSON.stringify(exposure.element)}${exposure.flag ? ` (after ${exposure.flag})` : ''}`;
  return exposure.shownToModel
    ? `${what} gives the CLI a folder's path, which it may show the model: campaign refuses this harness`
    : `${what} names a file the CLI writes in {outputs_dir}: it is in the command line only, not in the model's requests; in a campaign that is a folder beside the agent's whose path names nothing of the run (what the CLI writes there is copied into the round folder), so a process listing (ps) shows nothing of it either`;
}

/** `harness show`'s account of what a campaign shows the model, a line each. */
export function describeWhatTheModelSees(harness: HarnessDescriptor): string[] {
  const exposures = runFolderExposures(harness);
  const lines = [
    `what a campaign with ${harness.name} shows the model of where it runs:`,
    `  working folder ({cwd}): <tmp>/eval-magic-sessions-<uid>/<random>/<random>/work, the same shape in both arms; it names no arm, skill, eval, iteration or run`,
    harness.skills_dir === undefined
      ? '  skills: no skills_dir, so campaign cannot stage a skill for this harness'
      : `  skills: the skill arm gets the skill at ${harness.skills_dir}/<name>/, the control arm the same ${harness.skills_dir}/, empty`,
    `  env: ${Object.keys(harness.env).length === 0 ? 'the caller\'s, the same in both arms' : `the caller's, plus ${Object.keys(harness.env).join(', ')} (fixed values, the same in both arms)`}`,
  ];
  if (exposures.length === 0) lines.push('  command line: no element names the run folder');
  for (const exposure of exposures) lines.push(`  command line: ${describeExposure(exposure)}`);
  return lines;
}
