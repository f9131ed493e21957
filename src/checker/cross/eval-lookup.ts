// Cross-file stage: finds the evals.json and the eval each conversation was produced from (I/O, cached per run).
import { isUtf8 } from 'node:buffer';
import { statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { UsageError, type OptionNames } from '../../errors.js';
import { loadArtifact, type LoadOutcome } from '../load.js';
import { LineIndex } from '../../json/positions.js';
import { againstCampaign, indexEvals, matchEval, type ArtifactClues, type EvalInFile, type EvalMatch, type EvalsIndex } from './eval-match.js';
import { locateInWorkspace, pathClues, workspaceCandidates, type WorkspacePlace } from './eval-paths.js';
import type { EvalMeets } from '../../workspace/campaign-record.js';
import { campaignEvalsPath, evalsDigests, iterationEvals, workspaceFolderOf, type EvalsDigests } from '../../workspace/evals-path.js';
import { readIteration, type Iteration } from '../../workspace/locate.js';
import { detectFileKind, type FileKind } from '../file-kind.js';
import { readRegularFile, type SharedReads } from '../../fs/read-file.js';
import { isLinkOutside } from '../link-boundary.js';
import { shownPath } from '../../fs/shown-path.js';
import { isInsideNormalized } from '../../fs/inside.js';
import type { WorkspacePosition } from '../../types.js';

/** Where an artifact's evals.json came from. */
export type EvalsSource = 'option' | 'campaign' | 'workspace' | 'folder';

/** The outcome of looking up one artifact's eval, with a sentence for `--verbose`. */
export interface EvalLookupResult {
  match?: EvalMatch;
  /** The evals.json used (as shown), if one was found. */
  evalsFile?: string;
  source?: EvalsSource;
  /** Why this eval, or why none: "eval "a" in x/evals.json:3:5 (workspace layout, folder eval-a)". */
  note: string;
  /** Where the artifact lies in a workspace (`.eval-magic`, or one of any name by its iteration's campaign.json): how a report groups it. */
  workspace?: WorkspacePosition;
  /** The evals.json found was not read, a link out of the folders checked: why ("x cannot be used (…)"), for compare to count no run by it either. */
  unread?: string;
}

type Loaded = { ok: true; index: EvalsIndex } | { ok: false; reason: string; linkOut?: true };

/** An evals.json the lookup found, and how. */
interface FoundEvals {
  path: string;
  source: EvalsSource;
  /** Its path as bytes, when a folder on it is not UTF-8: `path` then only shows it (`x\xFF`), and may name another file. */
  raw?: Buffer;
}

/** What the folders not UTF-8 above a file hold ({@link lookUpByBytes}): an evals.json, a repository's root, or neither, and the first folder above them whose path is UTF-8. */
interface ByBytes {
  found?: FoundEvals;
  root?: true;
  above: string;
}

/** No evals.json stands for a workspace iteration's runs: why (evals-path.ts's words), and the one found near them that does not. */
interface NoEvals {
  problem: string;
  refused?: FoundEvals;
}

/** A workspace iteration's campaign.json, as the lookup uses it: the iteration's folder name, what it recorded each eval showed the agent, the evals.json it names when found. */
interface IterationCampaign {
  iteration: string;
  meets?: Readonly<Record<string, EvalMeets>>;
  /** The iteration as compare and judge take it, and the evals.json its campaign.json names as they find it. */
  record: Iteration;
  named?: string;
  /** The workspace the iteration lies in (as compare takes it): no evals.json is taken from inside it. */
  workspace: string;
  /** Which evals.json stands for its runs, or why none: the same for each, decided at its first. */
  evals?: FoundEvals | NoEvals;
}

/** A workspace iteration as compare takes it (its campaign.json, or why that cannot be used), read once. */
interface KnownIteration {
  record: Iteration;
  /** With a usable campaign.json. */
  campaign?: IterationCampaign;
  /** Without one: which evals.json stands for its runs, by the path looked up near them ('' none), decided once per pair as compare decides it. */
  decided: Map<string, FoundEvals | NoEvals>;
  /** What the lookup answered its runs found by a search, by the folder searched: 'per-run' for a search from inside it, or with an evals.json or `.git` learned below it. */
  searched?: Map<string, IterationAnswers | 'per-run'>;
}

/**
 * The lookup's answers for the runs of one iteration that one search found, while no evals.json or
 * `.git` the search knows of lies below the iteration folder: every run's evals.json is then the
 * same, and so is its answer (one per eval folder, when an evals.json is used): worked out at the
 * first run, a map hit for the others.
 */
interface IterationAnswers {
  /** The folder named on the command line whose search found them (the first run's: a run found by another is answered alone). */
  searchRoot: string | undefined;
  /** How many evals.json and `.git` entries the lookup knew of when these answers were made: one more learned below the iteration voids them. */
  known: number;
  found: FoundEvals | NoEvals | undefined;
  /** The answer of every run, when `found` gives one (none found, refused or unreadable). */
  every?: EvalLookupResult;
  /** The answer by the run's path clues (its eval-<id> folder and its folder's name), when they decide the eval. */
  byClues: Map<string, EvalLookupResult>;
}

/** Options of {@link EvalLookup}. */
export interface EvalLookupOptions {
  /** Base for relative paths and for how evals.json paths are shown. */
  cwd: string;
  /** `--evals`: one evals.json for every artifact (the lookup is skipped). */
  evals?: string;
  /**
   * How the notes and errors name the option that gives `evals`, as the caller passed it: check's
   * `--evals` or "the evals option" (CHECK_OPTION_NAMING), compare's. Plain data: a helper
   * thread gets it in its init, so every thread says the same.
   */
  names: OptionNames<'evals'>;
  /** Every evals.json and `.git` entry that discovery found (absolute paths): see `DiscoveredArtifact.searchedFrom`. */
  knownEvalsFiles?: readonly string[];
  /**
   * The folders named on the command line, real paths (see `linkRoots`): an evals.json the lookup
   * finds that is a link out of them is not read, as a folder search would not read it. Default: none.
   */
  linkRoots?: readonly string[];
  /** Reads shared with the caller's other stages: an evals.json the caller has read is not read again. */
  reads?: SharedReads;
}

/**
 * Looks up the eval of each conversation; one instance per run, so each evals.json is read and
 * indexed once however many artifacts share it. The lookup order (documented in the README):
 * 1. `--evals <file>`;
 * 2. the eval-magic workspace layout `<workspace>/<skill>/iteration-<n>/eval-<id>/<condition>/[run-<k>/]`:
 *    the evals.json the iteration's campaign.json names (as compare and judge take it; in a
 *    workspace of any name; with it not found, what 2 and 3 find stands in only by iterationEvals'
 *    rule, compare's: with the bytes the campaign ran), else, in `<base>/.eval-magic`, `<base>/<skill>/evals/evals.json`, then
 *    `<base>/skills/<skill>/evals/evals.json`, then `<base>/evals/evals.json` (the first that exists);
 * 3. the nearest `evals.json` in the artifact's folder or a folder above it, up to the repository
 *    root (the first folder holding `.git`): a file above the checkout is none of its business;
 *    for a run of an iteration with a usable campaign.json, from the folder above its workspace.
 * In a workspace, what 2 and 3 find stands in by iterationEvals' rule, compare's: never one inside
 * the workspace (without a usable campaign.json, compare's workspace is the iteration folder).
 */
export class EvalLookup {
  private readonly loaded = new Map<string, Loaded>();
  /** Whether a found evals.json is a link out of the folders checked, by path: tested once. */
  private readonly linksOut = new Map<string, boolean>();
  private readonly files = new Map<string, boolean>();
  private readonly nearest = new Map<string, string | undefined>();
  private readonly iterations = new Map<string, KnownIteration>();
  private readonly explicit?: string;
  private readonly knownEvalsFiles: Set<string>;

  constructor(private readonly options: EvalLookupOptions) {
    if (options.evals !== undefined) this.explicit = resolve(options.cwd, options.evals);
    this.knownEvalsFiles = new Set(options.knownEvalsFiles);
  }

  /**
   * Tells the lookup which evals.json files (and `.git` entries) discovery found, so searched folders need no stat.
   * Called as discovery goes: a folder search finds the evals.json files of a file's ancestor
   * folders before the file itself (see findByName), so they are known before it is checked.
   */
  learnDiscoveredEvalsFiles(paths: readonly string[]): void {
    for (const path of paths) this.knownEvalsFiles.add(path);
  }

  /**
   * Loads `--evals` up front: a missing or unparseable file is a usage error, not a silent skip.
   * `named`: how that error names the file (default: the option, by `names`).
   */
  prepare(named = this.options.names.evals): void {
    if (this.explicit === undefined) return;
    const loaded = this.load(this.explicit, 'option');
    if (!loaded.ok) throw new UsageError(`${named} ${JSON.stringify(this.options.evals)}: ${loaded.reason}`);
  }

  /**
   * Finds the eval of the conversation at `absolutePath` (which need not exist, for stdin).
   * `firstPrompt` (its first user message) is asked for only when the path alone does not decide. Never throws for a missing
   * or broken evals.json: the artifact is then checked alone, and the note says why.
   */
  resolve(absolutePath: string | undefined, firstPrompt?: () => string | undefined, searchedFrom?: string, searchRoot?: string, rawPath?: Uint8Array): EvalLookupResult {
    // A path not UTF-8 (`rawPath`, its bytes) is shown with `\xNN` for them, a name that is no folder
    // (or another one's): its folders not UTF-8 are looked in by their bytes, the rest by name.
    const bytes = rawPath === undefined || absolutePath === undefined ? undefined : lookUpByBytes(rawPath, dirname(absolutePath));
    const whole = absolutePath === undefined ? undefined : locateInWorkspace(absolutePath);
    // An iteration folder is one only where its path is a name.
    const located = whole !== undefined && (bytes === undefined || isInsideNormalized(whole.iterationDir, bytes.above)) ? whole : undefined;
    const iteration = located === undefined ? undefined : this.iterationOf(located.iterationDir);
    // A workspace is one by its name (.eval-magic) or, of any name (campaign --workspace), by its
    // iteration's campaign.json, as compare finds it; a folder of runs with neither is none.
    const place = located?.base !== undefined || iteration?.campaign !== undefined ? located : undefined;
    if (place === undefined) return this.resolveAt(absolutePath, firstPrompt, this.findEvalsFile(absolutePath, undefined, undefined, searchedFrom, bytes), undefined, searchRoot);
    const answers = searchedFrom === undefined || bytes !== undefined ? undefined : this.answersFor(place, iteration!, absolutePath!, searchedFrom, searchRoot);
    const found = answers === undefined ? this.findEvalsFile(absolutePath, place, iteration, searchedFrom, bytes) : answers.found;
    const result = answers?.every ?? this.resolveAt(absolutePath, firstPrompt, found, iteration!.campaign, searchRoot, answers);
    return { ...result, workspace: place.position };
  }

  /**
   * The answers kept for the runs of `iteration` found by the search from `searchedFrom` (at or
   * above the iteration folder): made at its first run, and made anew when the lookup has learned
   * of an evals.json or `.git` since in a folder on the way from it up to the search (discovery
   * meets those before the runs below them: this does not happen, but then the answers would
   * differ). None while one lies below the iteration folder (its runs' evals.json could then
   * differ), nor for a search from inside the iteration.
   */
  private answersFor(place: WorkspacePlace, iteration: KnownIteration, absolutePath: string, searchedFrom: string, searchRoot: string | undefined): IterationAnswers | undefined {
    const searched = (iteration.searched ??= new Map<string, IterationAnswers | 'per-run'>());
    let answers = searched.get(searchedFrom);
    if (answers === 'per-run' || (answers !== undefined && answers.searchRoot !== searchRoot)) return undefined;
    if (answers !== undefined && answers.known === this.knownEvalsFiles.size) return answers;
    const learned = answers === undefined && !isInsideNormalized(searchedFrom, place.iterationDir) ? 'below' : this.learnedAround(place.iterationDir, answers?.known ?? 0);
    // What is learned is never unlearned: its runs are answered one by one from now on.
    if (learned === 'below') {
      searched.set(searchedFrom, 'per-run');
      return undefined;
    }
    if (answers !== undefined && learned === undefined) {
      answers.known = this.knownEvalsFiles.size;
      return answers;
    }
    answers = { searchRoot, known: this.knownEvalsFiles.size, found: this.findEvalsFile(absolutePath, place, iteration, searchedFrom), byClues: new Map() };
    searched.set(searchedFrom, answers);
    return answers;
  }

  /**
   * Where the evals.json and `.git` entries the lookup learned of (after the first `from` of them)
   * lie from the iteration folder `dir`: 'below' when one is in a folder below it, 'above' when one
   * is in it or a folder above it, undefined when none is either.
   */
  private learnedAround(dir: string, from: number): 'below' | 'above' | undefined {
    const below = dir + sep;
    let index = 0;
    let around: 'above' | undefined;
    for (const path of this.knownEvalsFiles) {
      if (index++ < from) continue;
      if (path.startsWith(below) && path.indexOf(sep, below.length) !== -1) return 'below';
      if (isInsideNormalized(dirname(path), dir)) around = 'above';
    }
    return around;
  }

  /** The answer for a conversation at `absolutePath`, given the evals.json `found` for it; `campaign`: its iteration's, in a workspace; `answers`: where the answer is kept for the other runs of its iteration. */
  private resolveAt(absolutePath: string | undefined, firstPrompt: (() => string | undefined) | undefined, found: FoundEvals | NoEvals | undefined, campaign: IterationCampaign | undefined, searchRoot: string | undefined, answers?: IterationAnswers): EvalLookupResult {
    const every = (result: EvalLookupResult) => (answers === undefined ? result : (answers.every = result));
    if (!found) return every({ note: 'no evals.json found; checked alone' });
    // Said with the evals.json refused, if one was found: compare, given it, says the same of the run.
    if ('problem' in found) {
      const alone = { ...(found.refused && { evalsFile: this.show(found.refused.path), source: found.refused.source }), note: `${found.problem.startsWith('no evals.json') ? '' : 'no evals.json: '}${found.problem}; checked alone` };
      // Runs of a campaign whose evals.json is gone, or beside an evals.json compare refuses: compare and
      // judge stop there, so it is a finding (eval-missing). Runs with neither stay a note: staged by
      // hand or by another tool, they may have no evals.json to give.
      return every(campaign === undefined && !found.refused ? alone : { match: { status: 'no-evals', problem: found.problem }, ...alone });
    }
    // A folder above the evals.json (or, with --evals, above the folder named on the command line)
    // is no eval folder of it: a checkout named eval-harness must not turn every artifact into
    // eval-missing. Both are absolute, so where the command runs from changes nothing.
    const within = found.source === 'folder' ? dirname(found.path) : found.source === 'option' ? searchRoot : undefined;
    const clues: ArtifactClues = absolutePath === undefined ? {} : pathClues(absolutePath, within, found.source === 'option');
    // Kept only once the evals.json was read and used (else `every` is kept).
    const cluesKey = `${clues.evalFolderId === undefined ? '' : `eval-${clues.evalFolderId}`}/${clues.folderName ?? ''}`;
    const kept = answers?.byClues.get(cluesKey);
    if (kept !== undefined) return kept;
    const shown = this.show(found.path);
    const loaded = this.load(found.path, found.source, found.raw);
    // The campaign's own said as such: its runs are checked alone, not held to another (a folder at its name, say).
    const whose = found.source === 'campaign' ? ", the evals.json the iteration's campaign.json names," : '';
    const unusable = loaded.ok ? '' : `${shown}${whose} cannot be used (${loaded.reason})`;
    if (!loaded.ok) {
      const alone = { evalsFile: shown, source: found.source, note: `${unusable}; checked alone`, ...(loaded.linkOut && { unread: unusable }) };
      // A campaign's runs whose evals.json is there but cannot be used: compare and judge stop there too (exit 2).
      return every(campaign === undefined ? alone : { match: { status: 'no-evals', problem: unusable }, ...alone });
    }
    let outcome = matchEval(loaded.index, clues);
    // Decided by the path alone, the answer holds for every run with the same clues.
    const byPath = outcome.match !== undefined;
    if (!outcome.match && clues.firstPrompt === undefined) outcome = matchEval(loaded.index, { ...clues, firstPrompt: firstPrompt?.() });
    const result = this.matched(outcome, shown, found.source, campaign);
    if (byPath) answers?.byClues.set(cluesKey, result);
    return result;
  }

  /** The answer, once the eval is matched (or not) in the evals.json shown as `shown`. */
  private matched(outcome: { match?: EvalInFile; reason: string }, shown: string, source: EvalsSource, campaign: IterationCampaign | undefined): EvalLookupResult {
    const how = `${this.sourceWords(source)}, ${outcome.reason}`;
    // Whichever evals.json was used: a run is held to the script its campaign recorded it was given.
    const match = campaign === undefined || outcome.match === undefined ? outcome.match : againstCampaign(outcome.match, campaign.meets, campaign.iteration);
    if (!match) return { evalsFile: shown, source, note: `${shown} found but no eval matches (${how}); checked alone` };
    if (match.status === 'missing') return { match, evalsFile: shown, source, note: `${shown}: ${outcome.reason} (${this.sourceWords(source)})` };
    if (match.status === 'changed') return { match, evalsFile: shown, source, note: `eval ${JSON.stringify(match.eval.id)} at ${match.eval.at} (${how}), whose ${match.changed} changed since the campaign of ${match.iteration} ran (its campaign.json's evals.meets): held to no script` };
    return { match, evalsFile: shown, source, note: `eval ${JSON.stringify(match.eval.id)} at ${match.eval.at} (${how})` };
  }

  private findEvalsFile(absolutePath: string | undefined, place: WorkspacePlace | undefined, iteration: KnownIteration | undefined, searchedFrom?: string, bytes?: ByBytes): FoundEvals | NoEvals | undefined {
    if (this.explicit !== undefined) return { path: this.explicit, source: 'option' };
    if (absolutePath === undefined) return undefined;
    const campaign = iteration?.campaign;
    if (campaign !== undefined) return (campaign.evals ??= this.campaignEvals(campaign, place, searchedFrom));
    const near = this.nearby(place, dirname(absolutePath), searchedFrom, bytes);
    // Not in a workspace (a folder of fixtures, the reference's layout): the nearest, as ever.
    if (iteration === undefined) return near;
    // A .eval-magic iteration without a usable campaign.json: compare grades its runs by what is found near them, by iterationEvals' rule too.
    const key = near?.path ?? '';
    let decided = iteration.decided.get(key);
    if (decided === undefined) iteration.decided.set(key, (decided = this.decide(iteration.record, undefined, near)));
    return decided;
  }

  /**
   * The evals.json of a campaign's runs: the one its campaign.json names, else one nearby with the
   * bytes the campaign ran — looked up from the folder above the workspace, never inside it, where
   * an agent could have written one.
   */
  private campaignEvals(campaign: IterationCampaign, place: WorkspacePlace | undefined, searchedFrom?: string): FoundEvals | NoEvals {
    const near = campaign.named === undefined ? this.nearby(place, dirname(campaign.workspace), searchedFrom) : undefined;
    return this.decide(campaign.record, campaign.named, near);
  }

  /** Which evals.json stands for a workspace iteration's runs, by the rule compare and judge take it by (iterationEvals): `named`, else `near` when it may. */
  private decide(record: Iteration, named: string | undefined, near: FoundEvals | undefined): FoundEvals | NoEvals {
    const decided = iterationEvals(record, named, near?.path, (path) => this.digestsOf(path), (path) => this.show(path), this.options.names.evals);
    if ('problem' in decided) return { problem: decided.problem, ...(near && { refused: near }) };
    return decided.path === near?.path ? near : { path: decided.path, source: 'campaign' };
  }

  /** The workspace layout's evals.json (`place`), else the nearest in `dir` or a folder above it (`bytes`: what the folders not UTF-8 from `dir` up hold). */
  private nearby(place: WorkspacePlace | undefined, dir: string, searchedFrom?: string, bytes?: ByBytes): FoundEvals | undefined {
    for (const candidate of place === undefined ? [] : workspaceCandidates(place)) {
      if (this.isFile(candidate)) return { path: candidate, source: 'workspace' };
    }
    if (bytes?.found !== undefined || bytes?.root === true) return bytes.found;
    const near = this.nearestEvalsFile(bytes?.above ?? dir, searchedFrom);
    return near === undefined ? undefined : { path: near, source: 'folder' };
  }

  /** The digests of an evals.json's bytes, read as the lookup reads it (shared reads: the very bytes it is then indexed by); undefined when unreadable. */
  private digestsOf(path: string): EvalsDigests | undefined {
    const read = this.options.reads ? this.options.reads.read(path, 'evals.json') : readRegularFile(path, 'evals.json');
    return read.ok ? evalsDigests(read.bytes) : undefined;
  }

  /**
   * A workspace iteration (`dir`) as compare reads it, once per iteration: its campaign.json and the
   * evals.json it names when that is found outside the workspace (an agent could have written one
   * inside), as compare and judge find it — whatever is there: a folder at its name is said, not
   * passed over. No campaign without a campaign.json, or with one that cannot be used.
   */
  private iterationOf(dir: string): KnownIteration {
    let known = this.iterations.get(dir);
    if (known === undefined) {
      const record = readIteration(dir, this.options.cwd);
      known = { record, decided: new Map() };
      if (record.campaign !== undefined) {
        const path = campaignEvalsPath(record, this.options.cwd);
        known.campaign = { iteration: basename(dir), meets: record.campaign.evals.meets, record, ...(path !== undefined && { named: path }), workspace: workspaceFolderOf(record) };
      }
      this.iterations.set(dir, known);
    }
    return known;
  }

  private nearestEvalsFile(dir: string, searchedFrom?: string): string | undefined {
    // Inside a folder that discovery searched for every evals.json the answer is already known:
    // walk up through it with set look-ups — no stat, and nothing cached per artifact folder
    // (an entry per folder cost memory on 100,000 artifacts) — then ask the disk above it.
    if (searchedFrom !== undefined && isInsideNormalized(searchedFrom, dir)) {
      // A search that has found no evals.json (checking `.eval-magic` alone, say: the evals.json
      // files lie beside it) has none to offer: skip the walk up.
      for (let at = dir; this.knownEvalsFiles.size > 0; at = dirname(at)) {
        // Concatenation, not join(): `at` is already normalized, and join() re-normalizes every
        // level of every artifact (a measurable share of a 10,000-file check).
        const folder = at.endsWith(sep) ? at : at + sep;
        if (this.knownEvalsFiles.has(folder + 'evals.json')) return folder + 'evals.json';
        if (this.knownEvalsFiles.has(folder + '.git')) return undefined;
        if (at === searchedFrom) break;
      }
      const above = dirname(searchedFrom);
      return above === searchedFrom ? undefined : this.nearestEvalsFile(above);
    }
    if (this.nearest.has(dir)) return this.nearest.get(dir);
    const here = join(dir, 'evals.json');
    const parent = dirname(dir);
    const found = this.isFile(here) ? here : parent === dir || isRepositoryRoot(dir) ? undefined : this.nearestEvalsFile(parent);
    this.nearest.set(dir, found);
    return found;
  }

  private isFile(path: string): boolean {
    let isFile = this.files.get(path);
    if (isFile === undefined) {
      // A blocking stat that does not throw when the file is absent (the common case): each
      // artifact folder is probed once, and on 10,000 artifacts async stat()s cost a second per
      // thread in thread-pool round trips and ENOENT exceptions, for answers a syscall gives in µs.
      isFile = isFileAt(path);
      this.files.set(path, isFile);
    }
    return isFile;
  }

  /**
   * `source`: a file found by a search or the layout is held to the search's boundary; one named —
   * --evals, or the one campaign.json records the campaign ran with, as compare and judge read it —
   * is read wherever it points (the user linked it there).
   */
  private load(path: string, source: EvalsSource, raw?: Buffer): Loaded {
    // One found by its bytes is kept by them: its path as shown may be another file's.
    const key = raw === undefined ? path : `\0${raw.toString('latin1')}`;
    if (source !== 'option' && source !== 'campaign' && this.isLinkOut(key, raw ?? path)) {
      return { ok: false, reason: `a symbolic link to a file outside the folders being checked, so it was not read; name it with ${this.options.names.evals} to use it`, linkOut: true };
    }
    let loaded = this.loaded.get(key);
    if (!loaded) this.loaded.set(key, (loaded = loadEvalsIndex(raw ?? path, this.show(path), raw === undefined ? this.options.reads : undefined, path === this.explicit)));
    return loaded;
  }

  private isLinkOut(key: string, path: string | Buffer): boolean {
    let out = this.linksOut.get(key);
    if (out === undefined) this.linksOut.set(key, (out = isLinkOutside(path, this.options.linkRoots ?? [])));
    return out;
  }

  /** Where an evals.json came from, in a note: the option as the caller named it, or how it was found. */
  private sourceWords(source: EvalsSource): string {
    return source === 'option' ? this.options.names.evals : FOUND_WORDS[source];
  }

  /** Paths are shown relative to cwd when inside it (stable across machines), else absolute. */
  private show(path: string): string {
    if (this.explicit === path && this.options.evals !== undefined) return this.options.evals;
    return shownPath(this.options.cwd, path);
  }
}

/** A folder holding `.git` (a folder, or a worktree's or submodule's file) is where its repository starts. */
function isRepositoryRoot(dir: string | Buffer): boolean {
  try {
    return statSync(typeof dir === 'string' ? join(dir, '.git') : Buffer.concat([dir, Buffer.from('/.git')]), { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

const FOUND_WORDS: Record<Exclude<EvalsSource, 'option'>, string> = { campaign: "the iteration's campaign.json", workspace: 'workspace layout', folder: 'evals.json in a folder above' };

/**
 * The evals.json (or repository root) in the folders whose path is not UTF-8 from `dir` (its bytes
 * from `raw`, a file's path; `shown`: as shown, each such byte `\xNN`) up, looked for by their
 * bytes, and the first folder above them whose path is UTF-8, where the lookup by name goes on.
 */
function lookUpByBytes(raw: Uint8Array, shown: string): ByBytes {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  let dir = bytes.subarray(0, bytes.lastIndexOf(0x2f));
  let at = shown;
  while (!isUtf8(dir)) {
    const here = Buffer.concat([dir, Buffer.from('/evals.json')]);
    if (isFileAt(here)) return { found: { path: join(at, 'evals.json'), source: 'folder', raw: here }, above: dirname(at) };
    if (isRepositoryRoot(dir)) return { root: true, above: dirname(at) };
    dir = dir.subarray(0, dir.lastIndexOf(0x2f));
    at = dirname(at);
  }
  return { above: at };
}

/** Whether a regular file (a link to one too) is at `path`. */
function isFileAt(path: string | Buffer): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    // Unreadable (EACCES, ELOOP, …): no usable evals.json here.
    return false;
  }
}

/** `named`: the user named it (--evals): one that is missing never was there, rather than "disappeared". */
function loadEvalsIndex(path: string | Buffer, shown: string, reads: SharedReads | undefined, named: boolean): Loaded {
  const read = reads && typeof path === 'string' ? reads.read(path, 'evals.json', { named }) : readRegularFile(path, 'evals.json', { named });
  // In words, as run and campaign say it, with the code for a search: "No such file or directory (ENOENT)".
  if (!read.ok) return { ok: false, reason: `cannot read it: ${read.message.replace(/\.$/, '')}${/^e[a-z]+$/.test(read.code) ? ` (${read.code.toUpperCase()})` : ''}` };
  const loaded = loadArtifact(read.bytes);
  if (!loaded.ok) {
    const first = loaded.findings[0];
    const { line, column } = new LineIndex(loaded.text).position(first?.span?.start ?? 0);
    return { ok: false, reason: `not valid JSON at ${shown}:${line}:${column}: ${first?.message ?? 'parse error'}` };
  }
  // A file named for every conversation that is no evals.json at all (a conversation.json given by
  // mistake) would have each conversation blamed for an eval it "lacks"; one found by the lookup
  // is reported as an artifact of its own, and a merely invalid one still holds its evals.
  const value = loaded.value as { evals?: unknown } | null;
  if (named && (typeof value !== 'object' || value === null || Array.isArray(value) || !Array.isArray(value.evals))) {
    return { ok: false, reason: `not an evals.json: ${shown}:1:1 has no "evals" array.` };
  }
  return { ok: true, index: indexEvals(shown, loaded.text, loaded.value) };
}

/** A file's kind, and for a conversation the eval it is held to: what `checkDocument` needs beyond the loaded file. */
export interface EvalContext {
  kind: FileKind;
  evalMatch?: EvalMatch;
  /** The lookup outcome (conversations only), for `--verbose`. */
  lookup?: EvalLookupResult;
}

/**
 * The cross-file stage for one file, once it is loaded: its kind (`force` or its name) and, for a
 * conversation, its eval.
 */
export function resolveEvalContext(
  lookup: EvalLookup,
  file: { filePath: string; absolutePath?: string; searchedFrom?: string; searchRoot?: string; rawPath?: Uint8Array },
  loaded: LoadOutcome,
  force?: FileKind,
): EvalContext {
  const kind = force ?? detectFileKind(file.filePath);
  if (kind !== 'conversation') return { kind };
  const result = lookup.resolve(file.absolutePath, () => firstUserText(loaded), file.searchedFrom, file.searchRoot, file.rawPath);
  return { kind, evalMatch: result.match, lookup: result };
}

/** The first user message's text, if the file parsed as a conversation that has one. */
function firstUserText(loaded: LoadOutcome): string | undefined {
  if (!loaded.ok || typeof loaded.value !== 'object' || loaded.value === null) return undefined;
  const events = (loaded.value as { events?: unknown }).events;
  if (!Array.isArray(events)) return undefined;
  const first = events.find((e: unknown) => typeof e === 'object' && e !== null && (e as { type?: unknown }).type === 'user_message');
  const text = (first as { text?: unknown } | undefined)?.text;
  return typeof text === 'string' ? text : undefined;
}
