// The library's `check`: the checker, with eval-magic.config.json applied exactly as the CLI applies it.
import { resolve } from 'node:path';
import type { CheckReport, RuleSetting } from './types.js';
import { argumentFolders, check as checkPaths, makeIgnoreMatcher, type CheckOptions as CheckerOptions } from './checker/index.js';
import { resolveRuleSeverities } from './checker/rule-config.js';
import { checkGivenConfig, configIgnore, holdFilesToConfig, wasFoundByLookup, resolveConfig, type ChecksApart, type RepeatedOptions, type ResolvedConfig } from './config.js';
import { assertCheckOptions, CHECK_OPTION_NAMING, type CheckOptionNames } from './checker/check-options.js';
import { UsageError } from './errors.js';
import { defaultSearchPatterns, FILE_KINDS } from './checker/file-kind.js';
import { assertKnownOptions } from './suggest.js';

/** Options of the library's {@link check}. */
export interface CheckOptions extends CheckerOptions {
  /**
   * The config file, applied as the CLI applies it: `undefined` (default) looks up
   * eval-magic.config.json upward from the paths checked (a folder, a file's folder, a glob's
   * fixed folder; `cwd` only for unnamed stdin), stopping at the repository root (the first
   * folder holding `.git`) — paths that find different configs are a UsageError naming them, and
   * so is a file found whose own folder finds another (a config further down);
   * a path names the file (relative to `cwd`); `false` uses none; a
   * {@link ResolvedConfig} — a config in hand, `{ config: { rules, ignore } }` as the file would
   * say it, with the `path` it came from if any (told to `onConfig`) — is checked as a config
   * file is, then used as given.
   */
  config?: string | false | ResolvedConfig;
  /** Rule settings on top of the config file's (as `--rule` flags are). Ignored when `severities` is given. */
  rules?: Readonly<Record<string, RuleSetting>>;
  /**
   * Effective severities of every rule, rule id → 0 (off), 1 (warn) or 2 (error). When given, they are the
   * whole answer: the config file's `rules` and `rules` are not applied (its `ignore` still is).
   */
  severities?: CheckerOptions['severities'];
  /** Told which config file was used (undefined: none), before any file is checked. */
  onConfig?: (path: string | undefined) => void;
  /**
   * Keep each file's text and eval in its result (default: true), so that `formatters.html`
   * shows them; false saves the memory on large checks whose report is not a page.
   */
  keepArtifacts?: boolean;
}

/** Every option of {@link check}, every key of the interface and no other (tsc holds the two together): a key it does not know is a caller's typo. */
const CHECK_OPTIONS: readonly string[] = Object.keys({ cwd: true, pattern: true, ignore: true, severities: true, quiet: true, keepArtifacts: true, allowEmpty: true, errorOnUnmatchedPattern: true, linkBoundary: true, stdin: true, kind: true, evals: true, onEvalLookup: true, concurrency: true, config: true, rules: true, onConfig: true } satisfies Record<keyof CheckOptions, true>);

/**
 * Checks every artifact under `paths`, sorted by path — the same answer as `eval-magic check`
 * from the same working directory (`cwd`), with the config of the paths checked. Throws `UsageError` for a bad config, a path that does not exist, nothing
 * found (unless `allowEmpty`), or a folder or glob that found nothing while others found files
 * (unless `errorOnUnmatchedPattern` is false).
 */
export async function check(paths: readonly string[], options: CheckOptions = {}): Promise<CheckReport> {
  return checkNaming(paths, options, CHECK_OPTION_NAMING.library, libraryRepeated(options));
}

/** The options of {@link check} that have a default, and whether a value given is it, with the call's other options (read before the options are checked: any value). */
const AT_DEFAULT: Partial<Record<keyof CheckOptions, (value: unknown, options: CheckOptions) => boolean>> = {
  cwd: (value) => typeof value === 'string' && value.trim() !== '' && resolve(value) === process.cwd(),
  quiet: (value) => value === false,
  allowEmpty: (value) => value === false,
  errorOnUnmatchedPattern: (value) => value === true,
  keepArtifacts: (value) => value === true,
  concurrency: (value) => value === 'auto',
  ignore: (value) => Array.isArray(value) && value.length === 0,
  rules: (value) => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0,
  // The kind's own search patterns, in any order: what a search without the option looks for.
  pattern: (value, { kind }) => {
    const given = [value].flat();
    const defaults = defaultSearchPatterns(typeof kind === 'string' && (FILE_KINDS as readonly string[]).includes(kind) ? kind : undefined);
    return given.length === defaults.length && defaults.every((pattern) => given.includes(pattern));
  },
};

/**
 * The options a refusal's checks apart take of this call, by name: those given other than their
 * defaults but `stdin` (given only to the check apart that reads "-": `stdinName`) — `cwd` too, which the paths advised are written from.
 */
function libraryRepeated(options: CheckOptions): RepeatedOptions {
  const given = Object.entries(options).filter(([name, value]) => value !== undefined && name !== 'stdin' && AT_DEFAULT[name as keyof CheckOptions]?.(value, options) !== true);
  const pattern = given.some(([name]) => name === 'pattern') ? { pattern: ['the pattern option', options.pattern!] as const } : {};
  return { options: given.map(([name]) => [name] as const), reportFiles: [], ...(options.stdin === undefined ? {} : { stdinName: ['stdin'] as const }), ...pattern };
}

/**
 * {@link check}, its messages naming the options by `names` (the CLI passes its flags), and a
 * refusal's advice giving each check apart what `repeated` says of this one.
 */
export async function checkNaming(paths: readonly string[], options: CheckOptions, names: CheckOptionNames, repeated?: RepeatedOptions): Promise<CheckReport> {
  // Before `ignore` is spread below: a string there would become one glob per character.
  assertCheckOptions(paths, options as Record<string, unknown>);
  assertKnownOptions(options, CHECK_OPTIONS, 'check()');
  const { config: configOption, rules, onConfig, ...rest } = options;
  if (configOption !== undefined && configOption !== false && typeof configOption !== 'string' && (typeof configOption !== 'object' || configOption === null || typeof configOption.config !== 'object')) {
    throw new UsageError('config must be a path, false, or a ResolvedConfig: { config: { rules, ignore }, path? }.');
  }
  if (rules !== undefined && (typeof rules !== 'object' || rules === null || Array.isArray(rules))) throw new UsageError('rules must be an object of rule id → "off" | "warn" | "error", e.g. {"blank-text": "off"}.');
  // Absolute from here on: the lookup and a refusal's advice measure paths from it (a relative cwd crashed the advice: review38).
  const cwd = resolve(options.cwd ?? process.cwd());
  // A config the lookup found, handed on by judge or campaign, is taken as found (already held to what a config may say).
  const resolved = typeof configOption === 'object' ? (wasFoundByLookup(configOption) ? configOption : checkGivenConfig(configOption)) : await resolveCheckConfig(paths, cwd, configOption, options.stdin?.filePath, names.config, repeated === undefined ? undefined : { ignore: names.ignore, repeated });
  onConfig?.(resolved.path);
  return checkPaths(paths, {
    ...rest,
    cwd,
    keepArtifacts: options.keepArtifacts ?? true,
    severities: options.severities ?? resolveRuleSeverities(resolved.config.rules, rules),
    ignore: options.ignore ?? [],
    configIgnore: configIgnore(resolved),
    // The --ignore globs each check a refusal advises carries, matched as it reports its files.
    heldToConfig: holdFilesToConfig(cwd, names.config, resolved, names.ignore, repeated, options.ignore === undefined || options.ignore.length === 0 ? undefined : await makeIgnoreMatcher({ cwd, ignore: options.ignore })),
  }, names);
}

/**
 * The config a check of `paths` from `cwd` uses (see {@link resolveConfig}): looked up from the
 * folder each path's files are in, `stdinFilePath` placing standard input.
 */
async function resolveCheckConfig(paths: readonly string[], cwd: string, config: string | false | undefined, stdinFilePath: string | undefined, named: string, apart: ChecksApart | undefined): Promise<ResolvedConfig> {
  return resolveConfig(cwd, config, named, config === undefined ? await argumentFolders(paths, cwd, stdinFilePath) : [], apart);
}
