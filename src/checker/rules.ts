// Rules stage: run every enabled rule on one parsed file and collect what they report.
import type { Finding } from './finding.js';
import type { RuleContext, RuleModule } from './rule-module.js';
import type { RuleSeverities } from './rule-config.js';
import { readConversation } from './rules/utils/conversation-view.js';
import { rules as allRules } from './rules/index.js';

/** Runs the enabled rules. A rule that crashes becomes an `internal` finding; the file is still reported. */
export function runRules(
  value: unknown,
  text: string,
  severities: RuleSeverities,
  registry: Readonly<Record<string, RuleModule>> = allRules,
): Finding[] {
  const findings: Finding[] = [];
  const conversation = readConversation(value);
  for (const [id, rule] of Object.entries(registry)) {
    const severity = severities[id] ?? 0;
    if (severity === 0) continue;
    const context: RuleContext = {
      conversation,
      value,
      text,
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

/** Fills `{{name}}` placeholders; unknown names stay visible so a broken template is noticed. */
export function interpolate(template: string, data: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*([\w-]+)\s*\}\}/g, (all, name: string) => (Object.hasOwn(data, name) ? String(data[name]) : all));
}
