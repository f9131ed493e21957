// Rule severities: defaults, overridden by a config file, overridden by --rule flags.
import type { RuleSetting, Severity } from '../types.js';
import { UsageError } from '../errors.js';
import { rules } from './rules/index.js';
import { nearestName } from '../suggest.js';

/** Effective severity of each rule id; 0 = off. */
export type RuleSeverities = Readonly<Record<string, Severity | 0>>;

const SETTINGS: Record<string, Severity | 0> = { off: 0, warn: 1, error: 2, '0': 0, '1': 1, '2': 2 };

/** Turns one setting into a severity, or says what is allowed. */
export function parseRuleSetting(ruleId: string, setting: unknown, where: string): Severity | 0 {
  const key = typeof setting === 'number' || typeof setting === 'string' ? String(setting) : undefined;
  if (key === undefined || !Object.hasOwn(SETTINGS, key)) {
    throw new UsageError(`${where}: rule "${ruleId}" has setting ${JSON.stringify(setting) ?? String(setting)}; use "off", "warn" or "error".`);
  }
  return SETTINGS[key]!;
}

/** Checks that a rule id exists, suggesting the nearest id when it does not. */
export function assertKnownRule(ruleId: string, where: string): void {
  if (Object.hasOwn(rules, ruleId)) return;
  const hint = nearestName(ruleId, Object.keys(rules));
  throw new UsageError(`${where}: unknown rule "${ruleId}".${hint ? ` Did you mean "${hint}"?` : ''} Known rules: ${Object.keys(rules).join(', ')}.`);
}

/** Defaults, then each layer of overrides in order (config file, then command line). */
export function resolveRuleSeverities(...layers: Array<Readonly<Record<string, RuleSetting>> | undefined>): RuleSeverities {
  const result: Record<string, Severity | 0> = {};
  for (const [id, rule] of Object.entries(rules)) result[id] = rule.meta.defaultSeverity === 'error' ? 2 : 1;
  for (const layer of layers) {
    for (const [id, setting] of Object.entries(layer ?? {})) {
      assertKnownRule(id, 'rule configuration');
      result[id] = parseRuleSetting(id, setting, 'rule configuration');
    }
  }
  return Object.freeze(result);
}

/**
 * Parses `--rule id=off|warn|error` values. One rule given two severities (`blank-text=off` and
 * `blank-text=error`) is a usage error naming both flags, as a config key given twice is: the last
 * would silently win. The same severity twice (`warn` and `1`) loses nothing and is accepted.
 */
export function parseRuleFlags(flags: readonly string[]): Record<string, RuleSetting> {
  const out: Record<string, RuleSetting> = {};
  const firstFlag = new Map<string, { flag: string; severity: Severity | 0 }>();
  for (const flag of flags) {
    const eq = flag.indexOf('=');
    if (eq <= 0) throw new UsageError(`--rule ${JSON.stringify(flag)}: expected <rule-id>=off|warn|error, e.g. --rule blank-text=off.`);
    const id = flag.slice(0, eq).trim();
    const setting = flag.slice(eq + 1).trim();
    assertKnownRule(id, `--rule ${flag}`);
    const severity = parseRuleSetting(id, setting, `--rule ${flag}`);
    const earlier = firstFlag.get(id);
    if (earlier === undefined) {
      firstFlag.set(id, { flag, severity });
      out[id] = setting as RuleSetting;
    } else if (earlier.severity !== severity) {
      throw new UsageError(`--rule ${earlier.flag} and --rule ${flag}: rule "${id}" is given two severities; give it once (the last would silently win).`);
    }
  }
  return out;
}
