// The campaign's words: the plan before it spends money, one line per finished run, and the
// summary table. Pure; the CLI prints them (escaped), a library user may too.
import { detectableWords } from '../stats/detectable-words.js';
import { reachesLevel } from '../stats/level.js';
import type { PlannedRun } from './plan.js';
import { describePlanChanges } from '../workspace/plan-identity.js';
import { isInterruption, type RunRecord } from '../workspace/run-record.js';
import { describeWritableInstructionFiles } from '../runner/session-stores.js';
import type { CampaignPlanSummary, CampaignResult, CoveredRole } from './types.js';
import { neededElsewhere, neededName } from '../runner/agent-process.js';
import { TEMPORARY_FOLDERS_NAMED } from '../process/private-temp.js';
import { CAMPAIGN_OPTION_NAMING, type CampaignOptionNames } from './option-names.js';

/** The plan, several lines: what runs, how much, and what it can prove at best. `names`: how it names an option (default: as runCampaign spells them). */
export function describePlan(plan: CampaignPlanSummary, shownDir: string, names: CampaignOptionNames = CAMPAIGN_OPTION_NAMING.library): string {
  const state = plan.continuing ? 'continuing' : plan.changes && plan.changes.length > 0 ? `new: ${describePlanChanges(plan.changes)}` : plan.notContinued !== undefined ? `new: ${plan.notContinued}` : 'new';
  const header = `campaign ${plan.skillName} with ${plan.harness}: iteration ${plan.iteration} (${state}) in ${shownDir}`;
  // Only a shard (narrowed by --eval, maybe) can be empty: every eval has at least one run.
  if (plan.sessions === 0) {
    const share = plan.shard ? `shard ${plan.shard.index}/${plan.shard.count}` : "this command's share";
    return `${header}\n  ${share} holds none of the plan's ${plan.planSessions} agent sessions: nothing to run`;
  }
  const counts = Object.values(plan.runs);
  const runs = counts.length > 0 && counts.every((n) => n === counts[0]) ? `${counts[0]} run${counts[0] === 1 ? '' : 's'}` : `runs (${Object.entries(plan.runs).map(([id, n]) => `${id} ${n}`).join(', ')})`;
  const rounds = `at most ${plan.rounds} round${plan.rounds === 1 ? '' : 's'}`;
  // A shard takes every n-th pair of sessions, so evals × conditions × runs is not its count.
  const size = plan.shard
    ? `  shard ${plan.shard.index}/${plan.shard.count}: ${plan.sessions} of the plan's ${plan.planSessions} agent sessions (${plan.evals === 1 ? `eval ${Object.keys(plan.runs)[0]}` : `${plan.evals} evals`}, ${perArm(plan.runs)}), ${rounds}`
    : `  ${plan.evals} eval${plan.evals === 1 ? '' : 's'} × 2 conditions (${plan.conditions.join(', ')}) × ${runs} = ${plan.sessions} agent session${plan.sessions === 1 ? '' : 's'}, ${rounds}`;
  const underWay = plan.underWay ?? [];
  const lines = [
    header,
    size,
    plan.pending === 0
      ? underWay.length === 0 ? `  all ${plan.done} done already: nothing to run` : `  ${plan.done} done already, ${underWay.length} under way in another command: nothing to run now`
      : `  ${plan.done > 0 ? `${plan.done} done already, ` : ''}${plan.pending} to run, ${plan.jobs} at a time`,
  ];
  // Those another command is making: left to it, with what to do (judge's words for a judgment under way elsewhere).
  if (underWay.length > 0) lines.push(`  ${underWay.length} under way in another command, left to it: ${underWay[0]!}${underWay.length > 1 ? `; and ${underWay.length - 1} more` : ''}`);
  if (plan.unhidden !== undefined && plan.pending > 0) {
    // The covers need the same mounts as the hiding of the sessions beside: one at a time, the workspace is still there to be found.
    const beside = plan.jobs > 1 && plan.pending > 1;
    lines.push(`  warning: the workspace and the skill's folders are not hidden from the agents${beside ? ', nor the sessions from each other' : ''} (${plan.unhidden}): an agent that searches the disk can find the skill and the run folders, whose paths name the arms${beside ? `, and a control agent that looks around the temporary folder the skill staged for a session beside it; ${names.jobs} 1 runs one at a time` : ''}`);
  }
  if (plan.unhidden !== undefined && plan.pending > 0) {
    // Each session's own temporary folders are mounts too (../process/private-temp.ts): none where the others cannot be made.
    lines.push(`  warning: ${TEMPORARY_FOLDERS_NAMED} are shared by every session of both arms (${plan.unhidden}): a file a skill session leaves there (notes, a script) is seen by every later session; ${names.jobs} 1 does not help`);
  }
  for (const { folder, roles, holds } of plan.pending > 0 ? plan.uncovered ?? [] : []) {
    lines.push(`  warning: ${folder} (${listed(roles.map((role) => COVERED_NAMES[role]))}) is not hidden from the agents of either arm: it holds ${neededName(holds)} (${holds.path}), which they need, so their namespace cannot show it empty: ${listed(roles.map((role) => EXPOSED[role]))}; ${neededElsewhere(holds, plan.harness)}${roles.includes('evals') ? ', or keep evals.json in a folder of its own' : ''}`);
  }
  if (plan.sharedHome !== undefined && plan.pending > 0) {
    lines.push(`  warning: HOME is shared by every session of both arms (${plan.sharedHome}): a file a skill session writes there outside ${plan.harness}'s session store (~/.cache, ~/.gitconfig, notes) is seen by every later session; ${names.jobs} 1 does not help`);
  }
  if (plan.sharedStores !== undefined && plan.pending > 0) {
    lines.push(`  warning: ${plan.harness}'s session store (${plan.sharedStores.join(', ')}) is shared by every session of both arms (${plan.unhidden ?? 'no private store can be mounted'}): a control agent can read the skill runs' transcripts there, the skill's name and SKILL.md included; ${names.jobs} 1 does not help`);
  }
  // Only where the mounts cannot be made: a missing one (the field's other entries) a session
  // creates is caught after the run, and the user has nothing to do about it before.
  if (plan.writableInstructionFiles !== undefined && plan.unhidden !== undefined && plan.pending > 0) {
    lines.push(`  warning: ${describeWritableInstructionFiles(plan.harness, plan.writableInstructionFiles, plan.unhidden)} later session of both arms; a run that ends after one changed is marked isolation invalid, and ${names.jobs} 1 does not help`);
  }
  // Something to act on before the runs start: each run would be marked invalid.
  for (const { path, was, now } of plan.pending > 0 ? plan.instructionFilesChanged ?? [] : []) {
    lines.push(`  warning: ${plan.harness}'s instruction file ${path} is not as this iteration's first command found it (was ${was}, now ${now}): every run of this command will be marked isolation invalid (instruction-file-changed); put it back as it was (remove what an agent wrote), or start a new iteration (${names.iteration} ${plan.iteration + 1})`);
  }
  if (plan.otherCommandsSeen !== undefined && plan.pending > 0) {
    lines.push(`  warning: the sessions of your other commands running at the same time (another shard, another campaign, a judge) are not hidden from the agents (${plan.otherCommandsSeen}): remove it, or run one command at a time`);
  }
  const level = plan.familySize > 1 ? `0.05 / ${plan.familySize} assertions` : '0.05';
  for (const { runs: n, p, pHolm, detectableDelta } of plan.smallestP) {
    // Compare holds each assertion's Holm p to 0.05, so the plan's verdict goes by that p.
    const verdict = !reachesLevel(pHolm, 0.05)
      ? `no difference between the arms can be significant at 0.05 with ${n} run${n === 1 ? '' : 's'} per arm`
      : `the most lopsided split (${n}/${n} vs 0/${n}) gives it, and a difference can be significant at 0.05`;
    const holm = plan.familySize > 1 ? `, ${formatP(pHolm)} after Holm over ${plan.familySize} assertions` : '';
    lines.push(`  ${n} run${n === 1 ? '' : 's'} per arm: the smallest two-sided Fisher exact p is ${formatP(p)}${holm} — ${verdict}`);
    // In the words compare's report will say it in, after the runs.
    const change = `from a 50 % pass rate, these runs ${detectableWords(detectableDelta === null ? undefined : `${Math.round(detectableDelta * 100)}`, true)}`;
    lines.push(`  ${n} run${n === 1 ? '' : 's'} per arm: ${change} (Fisher at ${level})`);
  }
  return lines.join('\n');
}

const COVERED_NAMES: Record<CoveredRole, string> = { workspace: 'the workspace', skill: "the skill's folder", evals: 'the folder holding evals.json', baseline: "the baseline's folder" };

/** What an agent can do with a covered folder it is shown. */
const EXPOSED: Record<CoveredRole, string> = {
  workspace: 'an agent can read the run folders there, whose paths name the arms, and every skill run\'s staged skill',
  skill: 'a control agent can read the skill there',
  evals: 'an agent can rewrite evals.json there, the assertions it is graded by (compare then warns evals-changed)',
  baseline: 'an agent can read the baseline skill there',
};

/** "a", "a, and b", "a, b, and c". */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

/** Runs per arm: one count, or each eval's. */
function perArm(runs: Record<string, number>): string {
  const counts = Object.values(runs);
  if (counts.every((n) => n === counts[0])) return `${counts[0]} run${counts[0] === 1 ? '' : 's'} per arm`;
  return `runs per arm: ${Object.entries(runs).map(([id, n]) => `${id} ${n}`).join(', ')}`;
}

/** One line for a finished run. */
export function describeRun(run: PlannedRun, record: RunRecord, doneElsewhere = false): string {
  const name = `${run.eval_id} ${run.condition} run-${run.run}`;
  // The record is another command's: say whose, as the summary's "done before" does.
  if (doneElsewhere) return `${name}: done by another command meanwhile (${describeRun(run, record).slice(name.length + 2)}), not run again`;
  // The user's interrupts are attempts too (run.json counts them), but no failure of the agent's: said apart.
  const interrupted = record.failures.filter((f) => isInterruption(f.reason)).length;
  const tries = record.attempts > 1 ? ` after ${record.attempts} attempts${interrupted > 0 ? ` (${interrupted} interrupted)` : ''}` : '';
  const isolation = record.isolation.valid ? '' : `; ISOLATION INVALID: ${record.isolation.problems.map((p) => p.message).join('; ')}`;
  switch (record.status) {
    case 'completed':
      return `${name}: completed with ${record.delivered_followups ?? 0} follow-up(s)${tries}${isolation}`;
    case 'stopped':
      return `${name}: stopped at a gate (${record.stop_reason})${tries}${isolation}`;
    case 'aborted':
      return `${name}: aborted (${record.abort_reason})${tries}: ${record.message ?? ''}${isolation}`;
  }
}

/** Whether a run failed, as the live progress block counts failures: aborted (not by the user's interrupt, which is no failure of the agent's, as in the summary) or its isolation invalid. */
export function failedRun(record: RunRecord): boolean {
  return (record.status === 'aborted' && !isInterruption(record.abort_reason)) || !record.isolation.valid;
}

/** The summary table: per eval and condition, how the runs of this command (and earlier ones) ended. */
export function describeSummary(result: CampaignResult): string {
  type Row = { completed: number; stopped: number; aborted: number; interrupted: number; invalid: number; done: number; notRun: number };
  const rows = new Map<string, Row>();
  const row = (run: PlannedRun) => {
    const key = `${run.eval_id}\u0000${run.condition}`;
    if (!rows.has(key)) rows.set(key, { completed: 0, stopped: 0, aborted: 0, interrupted: 0, invalid: 0, done: 0, notRun: 0 });
    return rows.get(key)!;
  };
  for (const run of result.skipped) row(run).done++;
  for (const record of result.records) {
    const r = row({ eval_id: record.eval_id, condition: record.condition, run: record.run });
    // The user's Ctrl-C aborts a run too, but it is no failure of the agent's: counted apart.
    r[record.status === 'aborted' && isInterruption(record.abort_reason) ? 'interrupted' : record.status]++;
    if (!record.isolation.valid) r.invalid++;
  }
  for (const run of result.notStarted) row(run).notRun++;
  const header = ['eval', 'condition', 'completed', 'stopped', 'aborted', 'interrupted', 'isolation invalid', 'done before', 'not run'];
  const body = [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, r]) => [...key.split('\u0000'), r.completed, r.stopped, r.aborted, r.interrupted, r.invalid, r.done, r.notRun].map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), ...body.map(line)].join('\n');
}

/** Why the campaign stopped starting runs: the cap, what was spent, and how to go on. `names`: as in {@link describePlan}. */
export function describeCostCap(result: CampaignResult, names: CampaignOptionNames = CAMPAIGN_OPTION_NAMING.library): string {
  const { spentUsd, maxUsd } = result.cost;
  const usd = (n: number | null) => `$${(n ?? 0).toFixed(4)}`;
  return `eval-magic: ${names.maxCostUsd} ${usd(maxUsd)} reached: this command's runs cost ${usd(spentUsd)} (runs under way finished); ${result.notStarted.length} run(s) not started. Run the same command again with a new ${names.maxCostUsd} to continue.`;
}

/** A p-value for people: two significant digits, or scientific when tiny. */
function formatP(p: number): string {
  return p >= 0.001 ? p.toPrecision(2) : p.toExponential(1);
}
