// eval-magic's public library: everything a program needs to check artifacts (and, later, run evals).
import { createRequire } from 'node:module';

export { checkSource, checkJsonSource, discoverArtifacts, DEFAULT_PATTERN } from './checker/index.js';
export { check, type CheckOptions } from './check-with-config.js';
export type { Concurrency } from './checker/index.js';
export type { ArtifactSource, CheckSourceOptions, DiscoverOptions, DiscoveredArtifact, Finding, JsonSourceCheck } from './checker/index.js';
export { DEFAULT_PATTERNS, detectFileKind, FILE_KINDS, EvalLookup } from './checker/index.js';
export type { FileKind, EvalMatch, EvalRef, TurnRef, LocatedString, EvalLookupResult } from './checker/index.js';
export { rules } from './checker/rules/index.js';
export type { RuleModule, RuleMeta, RuleContext, RuleReport } from './checker/rule-module.js';
export { resolveRuleSeverities, parseRuleFlags, type RuleSeverities } from './checker/rule-config.js';
export { formatters } from './formatters/index.js';
export type { Formatter, FormatterContext } from './formatters/index.js';
export { escapeTerminal, stringifyJsonSafe } from './formatters/escape.js';
export { findConfigFile, loadConfigFile, resolveConfig, validateConfig, CONFIG_FILE_NAME, type EvalMagicConfig, type ResolvedConfig } from './config.js';
export { UsageError, ArtifactIOError, isKnownError } from './errors.js';
export { initEvals, type InitEvalsOptions, type InitEvalsResult } from './campaign/init-evals.js';
export type * from './types.js';
export { runCampaign, describePlan, describeRun, describeSummary } from './campaign/index.js';
export type {
  CampaignOptions, CampaignPlanSummary, CampaignProgress, CampaignReporter, CampaignResult, CampaignRecord,
  Condition, PlannedRun, Shard, RunRecord, RunStatus, AttemptFailure, IsolationProblem,
} from './campaign/index.js';

/** Written in by the build (scripts/build.ts); undefined when the source runs unbundled. */
declare const EVAL_MAGIC_VERSION: string | undefined;

/** This package's version, as published. The build writes it in, so no start reads package.json. */
export const toolVersion: string =
  typeof EVAL_MAGIC_VERSION === 'string' ? EVAL_MAGIC_VERSION : (createRequire(import.meta.url)('../package.json') as { version: string }).version;
