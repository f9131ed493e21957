// Where the runs to judge are, until src/workspace/ (the one home of the layout) lands: the
// iterations a path names, their run folders, their campaign.json's evals.json, and each run's
// run.json as far as judging needs it. The layout is campaign's (docs/campaign.md).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { checkDocument } from '../checker/check-source.js';
import { loadArtifact } from '../checker/load.js';
import { UsageError } from '../errors.js';
import { readRegularText } from '../fs/read-file.js';
import { shownPath } from '../fs/shown-path.js';

const ITERATION = /^iteration-(\d+)$/;
const EVAL = /^eval-(.+)$/;
const RUN = /^run-(\d+)$/;

/** One run folder of an iteration. */
export interface RunFolder {
  iterationDir: string;
  evalId: string;
  condition: string;
  run: number;
  dir: string;
}

/** The iteration folders `path` names: itself, else the newest of a skill folder, or of each skill of a workspace. */
export function findIterations(path: string, cwd: string): string[] {
  const dir = resolve(cwd, path);
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw new UsageError(`${JSON.stringify(path)} does not exist.`);
  }
  if (!isDir) throw new UsageError(`${JSON.stringify(path)} is not a folder; name an iteration folder (…/iteration-<n>) or a workspace.`);
  const found = iterationsIn(dir, 0, cwd);
  if (found.length === 0) throw new UsageError(`No iteration under ${JSON.stringify(path)}: expected eval-<id>/<condition>/run-<j>/ folders, <skill>/iteration-<n>/ folders, or a .eval-magic workspace.`);
  return found;
}

function iterationsIn(dir: string, depth: number, cwd: string): string[] {
  const children = subfolders(dir, cwd);
  if (children.some((c) => EVAL.test(c))) return [dir];
  const iterations = children.filter((c) => ITERATION.test(c)).sort((a, b) => Number(ITERATION.exec(b)![1]) - Number(ITERATION.exec(a)![1]));
  if (iterations.length > 0) return [join(dir, iterations[0]!)];
  if (depth >= 2) return [];
  const next = children.includes('.eval-magic') ? ['.eval-magic'] : children.filter((c) => !c.startsWith('.') && c !== 'node_modules');
  return next.flatMap((child) => iterationsIn(join(dir, child), depth + 1, cwd));
}

function subfolders(dir: string, cwd: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  } catch (error) {
    throw new UsageError(`Cannot read the folder ${JSON.stringify(shownPath(cwd, dir))} (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
  }
}

/** Every run-<j> folder of an iteration (real folders only: a link is never followed), by eval, condition and run. */
export function findRunFolders(iterationDir: string, cwd: string): RunFolder[] {
  const runs: RunFolder[] = [];
  for (const evalFolder of subfolders(iterationDir, cwd)) {
    const evalId = EVAL.exec(evalFolder)?.[1];
    if (evalId === undefined) continue;
    for (const condition of subfolders(join(iterationDir, evalFolder), cwd)) {
      const conditionDir = join(iterationDir, evalFolder, condition);
      const numbers = subfolders(conditionDir, cwd).flatMap((name) => (RUN.test(name) ? [Number(RUN.exec(name)![1])] : [])).sort((a, b) => a - b);
      for (const run of numbers) runs.push({ iterationDir, evalId, condition, run, dir: join(conditionDir, `run-${run}`) });
    }
  }
  return runs;
}

/** What judging uses of campaign.json: the conditions and where its evals.json was. */
export interface IterationPlan {
  conditions?: [string, string];
  evalsPath?: string;
  evalsSha256?: string;
}

/** What judging uses of a run's run.json. */
export interface RunFacts {
  status: string;
  evalId: string;
  condition: string;
  run: number;
  taskDir: string;
  stagedDir: string;
  /** Where the skill was staged in the task (task-relative); null for the control arm. */
  skillStagedAt: string | null;
}

/** A record file that passes its schema, or undefined (none, or one that cannot be used: the run is not judged). */
function readRecord(kind: 'run' | 'campaign', path: string): Record<string, unknown> | undefined {
  const read = readRegularText(path, 'a record', { noFollow: true });
  if (!read.ok) return undefined;
  const loaded = loadArtifact(read.text);
  if (!loaded.ok || checkDocument(kind, { filePath: path, loaded }).errorCount > 0) return undefined;
  return loaded.value as Record<string, unknown>;
}

export function readIterationPlan(iterationDir: string): IterationPlan | undefined {
  const record = readRecord('campaign', join(iterationDir, 'campaign.json')) as { conditions: [string, string]; evals: { path: string; sha256: string } } | undefined;
  return record && { conditions: record.conditions, evalsPath: record.evals.path, evalsSha256: record.evals.sha256 };
}

export function readRunFacts(runDir: string): RunFacts | undefined {
  const r = readRecord('run', join(runDir, 'run.json')) as { status: string; eval_id: string; condition: string; run: number; task_dir: string; staged_dir: string; skill: { staged_at: string } | null } | undefined;
  return r && { status: r.status, evalId: r.eval_id, condition: r.condition, run: r.run, taskDir: r.task_dir, stagedDir: r.staged_dir, skillStagedAt: r.skill?.staged_at ?? null };
}

/** The evals.json campaign.json names: relative to the folder campaign ran in, so looked for from the iteration up and from `cwd`; the one with the recorded digest wins. */
export function campaignEvalsPath(iterationDir: string, plan: IterationPlan | undefined, cwd: string): string | undefined {
  const path = plan?.evalsPath;
  if (path === undefined) return undefined;
  const bases = isAbsolute(path) ? [''] : [...ancestors(iterationDir), cwd];
  const found = [...new Set(bases.map((base) => resolve(base, path)))].filter((p) => sha256Of(p) !== undefined);
  return found.find((p) => sha256Of(p) === plan?.evalsSha256) ?? found[0];
}

function ancestors(dir: string): string[] {
  const all = [dir];
  for (let up = dirname(dir); up !== all[all.length - 1]; up = dirname(up)) all.push(up);
  return all;
}

function sha256Of(path: string): string | undefined {
  try {
    if (!statSync(path).isFile()) return undefined;
    return createHash('sha256').update(readFileSync(path)).digest('hex');
  } catch {
    return undefined;
  }
}
