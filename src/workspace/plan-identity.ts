// A plan is what the agent meets: what decides whether a campaign command continues an iteration
// or starts a new one, and whether compare may regrade an iteration's runs by an evals.json edited
// since. Assertions, expected outputs and rubrics only grade, so they are no part of it.
import { lstatSync, readlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { EvalCase, EvalsFile } from '../evals/types.js';
import { entryFingerprintsBothEndings, listTree, sha256, treeDigest } from '../fs/file-tree.js';
import type { CampaignRecord, EvalMeets } from './campaign-record.js';


/** The folder an eval's `files` are read from: `files_root` (relative to the folder holding evals.json), else that folder. */
export function fixtureRoot(evalCase: EvalCase, evalsDir: string): string {
  return resolve(evalsDir, (evalCase.files_root as string | undefined) ?? '.');
}

/** What each eval of `evals` (read from the folder `evalsDir`) shows the agent, by id; the first eval of an id wins. */
export function evalsMeet(evals: EvalsFile, evalsDir: string): Record<string, EvalMeets> {
  const met: Record<string, EvalMeets> = {};
  // Evals often share a fixture folder: each source is digested once.
  const seen = new Map<string, Fingerprints>();
  const fingerprint = (from: string) => seen.get(from) ?? (seen.set(from, fixtureFingerprint(from)), seen.get(from)!);
  for (const e of evals.evals) if (!Object.hasOwn(met, e.id)) met[e.id] = evalMeets(e, evalsDir, fingerprint);
  return met;
}

function evalMeets(evalCase: EvalCase, evalsDir: string, fingerprint: (from: string) => Fingerprints): EvalMeets {
  const root = fixtureRoot(evalCase, evalsDir);
  const paths = (evalCase.files as string[] | undefined) ?? [];
  const digest = (reading: keyof Fingerprints) => sha256(paths.map((path) => `${JSON.stringify(path)} ${fingerprint(join(root, path))[reading]}\n`).join(''));
  const [files, lf] = [digest('raw'), digest('lf')];
  // Recorded only where a file holds a CRLF, so records of LF files stay the bytes they were.
  return { ...scriptDigests(evalCase.prompt, evalCase.turns ?? []), files, ...(lf !== files ? { files_lf: lf } : {}) };
}

/**
 * Whether two records of an eval's files are of the same files: the same bytes, or the same but
 * for line endings (CRLF read as LF, ../fs/line-endings.ts), as a checkout with Git's conversion
 * writes them. A record without `files_lf` (its files held no CRLF, or an older eval-magic wrote
 * it) stands for its LF reading by its `files`.
 */
function sameFiles(a: Pick<EvalMeets, 'files' | 'files_lf'>, b: Pick<EvalMeets, 'files' | 'files_lf'>): boolean {
  return a.files === b.files || (a.files_lf ?? a.files) === (b.files_lf ?? b.files);
}

/** The fixture files of the evals `ids` (of `evals`, read from `evalsDir`) that are not where it names them, each as resolved: a copy of evals.json kept elsewhere finds its evals' files beside itself. */
export function fixturesMissing(evals: EvalsFile, evalsDir: string, ids: readonly string[]): string[] {
  return evals.evals.filter((e) => ids.includes(e.id)).flatMap((e) => ((e.files as string[] | undefined) ?? []).map((path) => join(fixtureRoot(e, evalsDir), path)).filter((path) => lstatSync(path, { throwIfNoEntry: false }) === undefined));
}

/** The `prompt` and `turns` digests of {@link EvalMeets}: what campaign records, and what check holds a run's eval to. */
export function scriptDigests(prompt: string, turns: ReadonlyArray<{ prompt: string; deliver_when: string; agent_response_matches?: string }>): Pick<EvalMeets, 'prompt' | 'turns'> {
  // Normalized, so the key order a user writes a turn in is not a change.
  const normalized = turns.map((t) => [t.prompt, t.deliver_when, t.agent_response_matches ?? null]);
  return { prompt: sha256(prompt), turns: sha256(JSON.stringify(normalized)) };
}

/** A path's fingerprint of its bytes as they are (`raw`) and with each CRLF read as LF (`lf`). */
export interface Fingerprints {
  raw: string;
  lf: string;
}

/**
 * A fixture's bytes as one line, as campaign copies it: a folder's tree digest, a file's sha256,
 * a link's target (never followed), or `missing`; both readings of {@link Fingerprints}. (A setup
 * file, which a command_check copies following links, is digested by ./setup-files.ts.)
 */
function fixtureFingerprint(from: string): Fingerprints {
  let stat;
  try {
    stat = lstatSync(from);
  } catch {
    return { raw: 'missing', lf: 'missing' };
  }
  if (stat.isSymbolicLink()) {
    const link = `link ${JSON.stringify(readlinkSync(from))}`;
    return { raw: link, lf: link };
  }
  if (stat.isDirectory()) {
    const entries = listTree(from, `the fixture folder ${from}`);
    const { raw, lf } = entryFingerprintsBothEndings(from, entries);
    return { raw: `folder ${treeDigest(from, entries, raw)}`, lf: `folder ${treeDigest(from, entries, lf)}` };
  }
  const { raw, lf } = entryFingerprintsBothEndings(from, [{ path: '', kind: 'file', executable: (stat.mode & 0o111) !== 0 }]);
  return { raw: raw[0]!, lf: lf[0]! };
}

/** Reasons listed at most; the rest are counted. */
const LISTED = 3;

/**
 * Why `planned` is another plan than `existing`, in words (`SKILL.md changed`, `eval "x": prompt
 * changed`, `model changed`…), none when it is the same plan. A part an older campaign.json does
 * not record is compared by what it does record: its evals.json bytes stand for the evals' part.
 */
export function planChanges(existing: CampaignRecord, planned: CampaignRecord): string[] {
  const reasons: string[] = [];
  if (existing.conditions.join() !== planned.conditions.join()) reasons.push(planned.baseline ? 'a baseline was added' : 'the baseline was removed');
  else if (existing.skill.name !== planned.skill.name) reasons.push(`the skill is ${JSON.stringify(planned.skill.name)} now`);
  if (existing.skill.sha256 !== planned.skill.sha256) reasons.push(treeChange('the skill', existing.skill.files, planned.skill.files));
  if (existing.baseline && planned.baseline && existing.baseline.sha256 !== planned.baseline.sha256) reasons.push(treeChange('the baseline', existing.baseline.files, planned.baseline.files));
  if (existing.harness.name !== planned.harness.name) reasons.push(`harness ${existing.harness.name} → ${planned.harness.name}`);
  else if (existing.harness.descriptor_sha256 !== planned.harness.descriptor_sha256) reasons.push('harness descriptor changed');
  if (existing.harness.version !== undefined && existing.harness.version !== planned.harness.version) reasons.push(`harness version ${existing.harness.version ?? 'unknown'} → ${planned.harness.version ?? 'unknown'}`);
  if ((existing.model ?? null) !== (planned.model ?? null)) reasons.push(`model ${existing.model ?? 'default'} → ${planned.model ?? 'default'}`);
  if (existing.task !== undefined && (existing.task?.sha256 ?? null) !== (planned.task?.sha256 ?? null)) reasons.push(planned.task ? (existing.task ? 'task template changed' : 'a task template was added') : 'the task template was removed');
  reasons.push(...evalsChanges(existing, planned));
  return reasons;
}

/** `iteration 2 (new: <this>)`: the first reasons, and how many more. */
export function describePlanChanges(reasons: readonly string[]): string {
  return reasons.slice(0, LISTED).join('; ') + (reasons.length > LISTED ? `; and ${reasons.length - LISTED} more` : '');
}

/** Which evals were added or removed, ran more or fewer times, or show the agent something else. */
function evalsChanges(existing: CampaignRecord, planned: CampaignRecord): string[] {
  const before = Object.keys(existing.runs);
  const now = Object.keys(planned.runs);
  const reasons: string[] = [];
  const added = now.filter((id) => !Object.hasOwn(existing.runs, id));
  const removed = before.filter((id) => !Object.hasOwn(planned.runs, id));
  if (added.length > 0) reasons.push(`${added.length === 1 ? 'eval' : 'evals'} ${listIds(added)} added`);
  if (removed.length > 0) reasons.push(`${removed.length === 1 ? 'eval' : 'evals'} ${listIds(removed)} removed`);
  const kept = now.filter((id) => Object.hasOwn(existing.runs, id));
  const moreOrFewer = kept.filter((id) => existing.runs[id] !== planned.runs[id]);
  if (moreOrFewer.length > 0) reasons.push(`runs per arm ${moreOrFewer.map((id) => `${JSON.stringify(id)} ${existing.runs[id]} → ${planned.runs[id]}`).slice(0, LISTED).join(', ')}${moreOrFewer.length > LISTED ? ', …' : ''}`);
  const [old, current] = [existing.evals.meets, planned.evals.meets];
  if (old === undefined || current === undefined) {
    if (existing.evals.sha256 !== planned.evals.sha256 && added.length + removed.length === 0) reasons.push('evals.json changed (its campaign.json, written by an older eval-magic, records only its bytes)');
    return reasons;
  }
  return [...reasons, ...meetsChanges(old, current, kept)];
}

/**
 * For each of `ids` recorded in both, which part of what it shows the agent differs:
 * `eval "x": prompt changed`, `eval "x": turns and files changed`. Shared with compare, which
 * refuses to regrade runs whose eval shows the agent something else now.
 */
export function meetsChanges(before: Readonly<Record<string, EvalMeets>>, now: Readonly<Record<string, EvalMeets>>, ids: readonly string[]): string[] {
  return ids.flatMap((id) => {
    const [a, b] = [before[id], now[id]];
    if (a === undefined || b === undefined) return [];
    const parts = (['prompt', 'turns', 'files'] as const).filter((part) => (part === 'files' ? !sameFiles(a, b) : a[part] !== b[part]));
    return parts.length === 0 ? [] : [`eval ${JSON.stringify(id)}: ${parts.join(' and ')} changed`];
  });
}

/** What changed in a tree, by the per-entry fingerprints its records keep (older ones keep none). */
function treeChange(what: string, before: Readonly<Record<string, string>> | undefined, now: Readonly<Record<string, string>> | undefined): string {
  if (before === undefined || now === undefined) return `${what} changed`;
  const paths = [...new Set([...Object.keys(before), ...Object.keys(now)])].filter((p) => before[p] !== now[p]).sort();
  const named = paths.slice(0, LISTED).join(', ') + (paths.length > LISTED ? ` and ${paths.length - LISTED} more` : '');
  const prefix = what === 'the skill' ? '' : `${what}'s `;
  return paths.length === 0 ? `${what} changed` : `${prefix}${named} changed`;
}

function listIds(ids: readonly string[]): string {
  return ids.slice(0, LISTED).map((id) => JSON.stringify(id)).join(', ') + (ids.length > LISTED ? ` and ${ids.length - LISTED} more` : '');
}

/** Whether `existing` holds the plan `planned` is: nothing the agent meets differs. */
export function samePlan(existing: CampaignRecord, planned: CampaignRecord): boolean {
  return planChanges(existing, planned).length === 0;
}
