// Who made the judgments an iteration's runs already hold, and which agent CLI its run.json files
// record: what a judge command printed for those runs must name, so that, run as printed, it adds
// the votes of the judge that made the others (judge's plan tells "made by another judge" by
// judgment-record.ts's judgeNamed, and so does this).
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readRegularText } from '../fs/read-file.js';
import { judgeNamed, misplacedJudgment, type JudgmentRecord } from './judgment-record.js';
import { JUDGE_DIR, JUDGMENT_FILE, parseRepeatFolder } from './layout.js';
import type { ArmNames } from './arms.js';
import { findRuns, type Iteration } from './locate.js';
import { readRunRecord } from './run-record.js';

/**
 * A judge as a judge command names it: its CLI, and the --model it was given — null for none (the
 * harness's default), undefined where its judgments say nothing of --model (each of an assertion
 * that names its own model in evals.json, which --model does not change).
 */
export interface CommandJudge {
  harness: string;
  model: string | null | undefined;
}

/**
 * The judges of the judgments the runs of `iteration` hold, each once. Each judgment.json is read
 * lightly — compare validates it once when it grades the run, and this runs before — so a judgment
 * counts as judge's plan would take one made already but for its schema: a file of its own (no
 * link, nothing behind a judgment folder that is no folder), of its folder's run, assertion and
 * repeat (judgment-record.ts misplacedJudgment), made by a judge (not the broken-task-folder
 * rule), of an assertion evals.json still has as llm_judge. `ownModel` says of an assertion of an
 * eval its own model (undefined: none; false: no llm_judge assertion of that id now): judge asks
 * that model whatever --model, so such a judgment tells the harness alone.
 */
export function judgesOfIteration(iteration: Iteration, cwd: string, arms: ArmNames, ownModel: (evalId: string, assertionId: string) => string | undefined | false): CommandJudge[] {
  const judges = new Map<string, CommandJudge>();
  for (const location of findRuns(iteration, cwd, arms)) {
    if (location.run === undefined || location.notCanonical !== undefined || location.notFolder !== undefined) continue;
    const run = { evalId: location.evalId, condition: location.condition, run: location.run };
    for (const assertionId of folders(join(location.dir, JUDGE_DIR))) {
      const own = ownModel(location.evalId, assertionId);
      if (own === false) continue;
      for (const repeatFolder of folders(join(location.dir, JUDGE_DIR, assertionId))) {
        const repeat = parseRepeatFolder(repeatFolder);
        const record = repeat === undefined ? undefined : recordAt(join(location.dir, JUDGE_DIR, assertionId, repeatFolder, JUDGMENT_FILE));
        if (record === undefined || record.rule !== undefined || misplacedJudgment(record, { assertionId, repeat: repeat!, run }) !== undefined) continue;
        const judge = { harness: record.harness.name, model: own === undefined ? record.model : undefined };
        judges.set(JSON.stringify(judge), judge);
      }
    }
  }
  return [...judges.values()];
}

/** The fields of a judgment.json {@link judgesOfIteration} reads, when the file is one of its own and holds them. */
type JudgeFields = Pick<JudgmentRecord, 'assertion_id' | 'repeat' | 'eval_id' | 'condition' | 'run' | 'harness' | 'model' | 'rule'>;

function recordAt(path: string): JudgeFields | undefined {
  const read = readRegularText(path, 'a judgment.json', { noFollow: true });
  if (!read.ok) return undefined;
  let record: unknown;
  try {
    record = JSON.parse(read.text);
  } catch {
    return undefined;
  }
  const r = record as Partial<JudgeFields> | null;
  const fields = r !== null && typeof r === 'object' && typeof r.harness?.name === 'string' && (r.model === null || typeof r.model === 'string') && typeof r.assertion_id === 'string' && typeof r.eval_id === 'string' && typeof r.repeat === 'number';
  return fields ? (r as JudgeFields) : undefined;
}

/**
 * The one judge `judges` (of the runs a command covers) are of, by judge's own rule of "made by
 * another judge" (judgment-record.ts judgeNamed: the harness and model, not its version); undefined
 * for none, and 'several' when no one command adds to them all without another judge's votes.
 */
export function oneJudgeOf(judges: readonly CommandJudge[]): { harness: string; model: string | null } | 'several' | undefined {
  if (judges.length === 0) return undefined;
  const harnesses = new Set(judges.map((j) => j.harness));
  const models = new Set(judges.flatMap((j) => (j.model === undefined ? [] : [judgeNamed(j.harness, j.model)])));
  if (harnesses.size > 1 || models.size > 1) return 'several';
  return { harness: judges[0]!.harness, model: judges.find((j) => j.model !== undefined)?.model ?? null };
}

/** The agent CLI every run.json of the iteration records (a built-in one of `builtIn`), or undefined when none does or they differ. */
export function runsHarnessOf(iteration: Iteration, cwd: string, arms: ArmNames, builtIn: readonly string[]): string | undefined {
  const names = new Set<string>();
  for (const location of findRuns(iteration, cwd, arms)) {
    if (location.notFolder !== undefined) continue;
    const record = readRunRecord(location.dir);
    if (record !== undefined) names.add(record.harness.name);
  }
  const [only] = names;
  return names.size === 1 && builtIn.includes(only!) ? only : undefined;
}

/** The real folders in a folder, by name (none when it is no real folder or cannot be listed: a run never judged; a link is never followed). */
function folders(dir: string): string[] {
  if (lstatSync(dir, { throwIfNoEntry: false })?.isDirectory() !== true) return [];
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  } catch {
    return [];
  }
}
