// Rules stage: run every enabled rule on one parsed file and collect what they report.
import type { Finding } from './result.js';
import { ruleKind, type RuleContext, type RuleModule } from './rule-module.js';
import type { DocumentKindName } from './document-kinds.js';
import type { EvalMatch } from './cross/eval-match.js';
import type { JudgmentAnswerMismatch, MisplacedJudgment, MisplacedRun } from '../types.js';
import type { RuleSeverities } from './rule-config.js';
import type { Severity } from '../types.js';
import { readConversation } from './conversation-view.js';
import { rules as allRules } from './rules/index.js';

/** What a file is to the rules: its kind, and (for a conversation) the eval it was matched with. */
export interface RuleScope {
  kind: DocumentKindName;
  evalMatch?: EvalMatch;
  /** A judgment.json's verdict against its judge's answer beside it (see `RuleContext.judgmentAnswer`). */
  judgmentAnswer?: JudgmentAnswerMismatch;
  /** How a judgment.json is not of the folder it lies in (see `RuleContext.judgmentMisplaced`). */
  judgmentMisplaced?: MisplacedJudgment;
  /** How a run.json is another run's record (see `RuleContext.runMisplaced`). */
  runMisplaced?: MisplacedRun;
  /** Why campaign makes no run, and judge judges none, in the run folder the file lies in (see `RuleContext.runBeyondPlan`). */
  runBeyondPlan?: string;
  /** The text's count of object keys, when the pipeline already counted them (see `RuleContext.keyTokens`). */
  keyTokens?: number;
  /** The key scan's answer on odd integer literals (see `RuleContext.oddIntegerLiteral`). */
  oddIntegerLiteral?: boolean;
}

/** Whether a rule runs on a file: its kind matches, and cross-file rules need a matched eval. */
function ruleApplies(rule: RuleModule, scope: RuleScope): boolean {
  const kind = ruleKind(rule);
  if (kind === 'cross') return scope.kind === 'conversation' && scope.evalMatch !== undefined;
  return kind === 'any' || kind === scope.kind;
}

/** Runs the enabled rules that apply to the file. A rule that crashes becomes an `internal` finding; the file is still reported. */
export function runRules(
  value: unknown,
  text: string,
  severities: RuleSeverities,
  registry: Readonly<Record<string, RuleModule>> = allRules,
  scope: RuleScope = { kind: 'conversation' },
): Finding[] {
  const findings: Finding[] = [];
  const active = activeRules(registry, severities, scope);
  if (active.length === 0) return findings;
  const conversation = readConversation(value);
  for (const { id, rule, severity } of active) {
    const context: RuleContext = {
      conversation,
      value,
      text,
      evalMatch: scope.evalMatch,
      judgmentAnswer: scope.judgmentAnswer,
      judgmentMisplaced: scope.judgmentMisplaced,
      runMisplaced: scope.runMisplaced,
      runBeyondPlan: scope.runBeyondPlan,
      fileKind: scope.kind,
      keyTokens: scope.keyTokens,
      oddIntegerLiteral: scope.oddIntegerLiteral,
      report: ({ messageId, data, pointer, target, span }) => {
        const template = rule.meta.messages[messageId];
        if (template === undefined) throw new Error(`rule ${id} reported unknown messageId "${messageId}"`);
        findings.push({ ruleId: id, messageId, severity, message: interpolate(template, data), pointer, target, span });
      },
    };
    try {
      rule.check(context);
    } catch (error) {
      findings.push({
        ruleId: 'internal',
        messageId: 'rule-crashed',
        severity: 2,
        message: `Rule "${id}" failed on this file (${error instanceof Error ? error.message : String(error)}); please report this.`,
        pointer: '',
      });
    }
  }
  return findings;
}

interface ActiveRule {
  id: string;
  rule: RuleModule;
  severity: Severity;
}

/**
 * The rules to run for one configuration, worked out once per run rather than once per file:
 * the per-file loop then only calls them (it is among the hottest code, and one that every
 * worker thread must compile again).
 */
const activeRuleCache = new WeakMap<Readonly<Record<string, RuleModule>>, WeakMap<RuleSeverities, Map<string, ActiveRule[]>>>();

function activeRules(registry: Readonly<Record<string, RuleModule>>, severities: RuleSeverities, scope: RuleScope): ActiveRule[] {
  let bySeverities = activeRuleCache.get(registry);
  if (!bySeverities) activeRuleCache.set(registry, (bySeverities = new WeakMap()));
  let byScope = bySeverities.get(severities);
  if (!byScope) bySeverities.set(severities, (byScope = new Map()));
  const key = scope.evalMatch === undefined ? scope.kind : `${scope.kind}+eval`;
  let active = byScope.get(key);
  if (!active) {
    active = [];
    for (const [id, rule] of Object.entries(registry)) {
      const severity = severities[id] ?? 0;
      if (severity !== 0 && ruleApplies(rule, scope)) active.push({ id, rule, severity });
    }
    byScope.set(key, active);
  }
  return active;
}

/** Fills `{{name}}` placeholders; unknown names stay visible so a broken template is noticed. */
function interpolate(template: string, data: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*([\w-]+)\s*\}\}/g, (all, name: string) => (Object.hasOwn(data, name) ? String(data[name]) : all));
}
