// The config file: eval-magic.config.json, found from the working directory upward (or named).
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { RuleSetting } from './types.js';
import { UsageError } from './errors.js';
import { assertKnownRule, parseRuleSetting } from './checker/rule-config.js';
import { loadArtifact } from './checker/load.js';
import { LineIndex } from './checker/positions.js';

/** What a config file may say. */
export interface EvalMagicConfig {
  rules?: Record<string, RuleSetting>;
  /** Extra globs to leave out of searches. */
  ignore?: string[];
}

const CONFIG_FILE_NAME = 'eval-magic.config.json';

/**
 * The nearest eval-magic.config.json at or above `cwd`, if any. The search stops at the
 * repository root (the first folder holding `.git`, a folder or a worktree's file): a config in
 * a parent of the checkout (a shared /tmp, a home folder) must not change a repository's verdict.
 */
export function findConfigFile(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const candidate = join(dir, CONFIG_FILE_NAME);
    if (existsSync(candidate)) return candidate;
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) return undefined;
  }
}

/** The config a check uses: the file it came from (none found: undefined) and what it says. */
export interface ResolvedConfig {
  path?: string;
  config: EvalMagicConfig;
}

/**
 * The config for a check from `cwd`, the way the CLI and the library both take it: `undefined`
 * looks up eval-magic.config.json (see {@link findConfigFile}), a path names the file (relative
 * to `cwd`), `false` uses none.
 * @throws {UsageError} for a config file that cannot be read or says something unknown.
 */
export function resolveConfig(cwd: string, config?: string | false): ResolvedConfig {
  if (config === false) return { config: {} };
  const path = config === undefined ? findConfigFile(cwd) : resolve(cwd, config);
  return path === undefined ? { config: {} } : { path, config: loadConfigFile(path) };
}

/** Reads and validates a config file; every mistake is a UsageError naming the file. */
function loadConfigFile(path: string): EvalMagicConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read config file ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
  // The artifact parser, so a syntax error is placed at line:column and said the same way.
  const loaded = loadArtifact(text);
  if (!loaded.ok) {
    const problem = loaded.findings[loaded.findings.length - 1]!;
    const { line, column } = new LineIndex(loaded.text).position(problem.span?.start ?? 0);
    throw new UsageError(`${path}:${line}:${column}: the config file is not valid JSON: ${problem.message}`);
  }
  return validateConfig(loaded.value, path);
}

/** Checks a parsed config against what eval-magic understands. */
function validateConfig(value: unknown, where: string): EvalMagicConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError(`${where}: the config must be a JSON object.`);
  const config = value as Record<string, unknown>;
  for (const key of Object.keys(config)) {
    if (key !== 'rules' && key !== 'ignore' && key !== '$schema') throw new UsageError(`${where}: unknown setting "${key}" (allowed: "rules", "ignore").`);
  }
  const out: EvalMagicConfig = {};
  if (config.rules !== undefined) {
    if (typeof config.rules !== 'object' || config.rules === null || Array.isArray(config.rules)) throw new UsageError(`${where}: "rules" must be an object of rule id → "off" | "warn" | "error".`);
    out.rules = {};
    for (const [id, setting] of Object.entries(config.rules)) {
      assertKnownRule(id, where);
      parseRuleSetting(id, setting, where);
      out.rules[id] = setting as RuleSetting;
    }
  }
  if (config.ignore !== undefined) {
    if (!Array.isArray(config.ignore) || config.ignore.some((g) => typeof g !== 'string')) throw new UsageError(`${where}: "ignore" must be an array of glob strings.`);
    const empty = config.ignore.findIndex((g) => (g as string).trim() === '');
    if (empty >= 0) throw new UsageError(`${where}: "ignore"[${empty}] is an empty glob; give a pattern such as "**/drafts/**", or remove it.`);
    out.ignore = config.ignore as string[];
  }
  return out;
}
