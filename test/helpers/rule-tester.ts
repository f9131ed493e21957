// A strict table-driven tester for lint rules: it fails on tables that could let a rule lie.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkSource, rules, type EvalMatch, type RuleModule } from '../../src/index.js';
import { resolveRuleSeverities } from '../../src/checker/rule-config.js';
import { ruleKind } from '../../src/checker/rule-module.js';
import { againstCampaign, indexEvals, matchEval } from '../../src/checker/cross/eval-match.js';
import type { EvalMeets } from '../../src/workspace/campaign-record.js';

/** A case's artifact: JSON text as written, or a value laid out the way the runner writes it. */
type Code = string | object;

export interface ValidCase {
  name: string;
  code: Code;
  /** Cross-file rules: the evals.json document (as `evals.json`) the conversation is held to. */
  evals?: Record<string, unknown>;
  /** Cross-file rules: the id of the `eval-<id>` folder the artifact is in (default: the first eval's). */
  evalId?: string;
  /** Cross-file rules: what the campaign.json of the artifact's iteration (iteration-1) recorded each eval showed the agent. */
  campaignMeets?: Record<string, EvalMeets>;
  /** Cross-file rules: no evals.json stands for the runs of the artifact's iteration, and why (the lookup's `no-evals`; `evals` is then not used). */
  noEvals?: string;
}

export interface ExpectedError {
  messageId: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  /** Substring the rendered message must contain. */
  message?: string;
}

export interface InvalidCase extends ValidCase {
  errors: ExpectedError[];
  /** The case breaks the schema on purpose (the rule must still work, and must not crash). */
  schemaInvalid?: true;
}

/** The runner's layout: 2-space JSON plus a newline (spec §3). */
export function layout(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}

function textOf(code: Code): string {
  return typeof code === 'string' ? code : layout(code);
}

/**
 * Runs a rule over tables of valid and invalid cases. Besides the cases, it fails when a list is
 * empty, a case repeats another, an invalid case expects nothing, an error lacks a position or
 * names a messageId the rule does not declare, a declared message is never exercised, or a case
 * is schema-invalid without saying so.
 */
export function runRuleTests(id: string, rule: RuleModule, tables: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  describe(`rule ${id}`, () => {
    it('is registered under its id and the table is sound', () => {
      assert.equal(rule.meta.id, id);
      assert.equal(rules[id], rule, `rule ${id} is not in the registry`);
      assert.ok(tables.valid.length > 0, 'valid list is empty');
      assert.ok(tables.invalid.length > 0, 'invalid list is empty');
      const seen = new Set<string>();
      for (const c of [...tables.valid, ...tables.invalid]) {
        const key = textOf(c.code) + (c.evals ? `\0${layout(c.evals)}\0${c.evalId ?? ''}\0${JSON.stringify(c.campaignMeets ?? null)}` : '') + (c.noEvals !== undefined ? `\0${c.noEvals}` : '');
        assert.ok(!seen.has(key), `case "${c.name}" repeats an earlier case`);
        seen.add(key);
      }
      const names = [...tables.valid, ...tables.invalid].map((c) => c.name);
      assert.equal(new Set(names).size, names.length, 'case names must be unique');
      const exercised = new Set<string>();
      for (const c of tables.invalid) {
        assert.ok(c.errors.length > 0, `invalid case "${c.name}" expects no errors`);
        for (const e of c.errors) {
          assert.ok(Object.hasOwn(rule.meta.messages, e.messageId), `case "${c.name}": unknown messageId "${e.messageId}"`);
          assert.ok(Number.isInteger(e.line) && Number.isInteger(e.column), `case "${c.name}": every error needs line and column`);
          exercised.add(e.messageId);
        }
      }
      for (const messageId of Object.keys(rule.meta.messages)) {
        assert.ok(exercised.has(messageId), `message "${messageId}" is never exercised by an invalid case`);
      }
    });

    for (const c of tables.valid) {
      it(`valid: ${c.name}`, () => {
        const result = run(id, rule, c);
        assert.deepEqual(result.ruleMessages, [], `expected no ${id} findings`);
        assert.deepEqual(result.schemaMessages, [], 'valid cases must be schema-valid');
      });
    }

    for (const c of tables.invalid) {
      it(`invalid: ${c.name}`, () => {
        const result = run(id, rule, c);
        if (!c.schemaInvalid) assert.deepEqual(result.schemaMessages, [], 'case is schema-invalid; mark it schemaInvalid if that is deliberate');
        else assert.ok(result.schemaMessages.length > 0, 'case is marked schemaInvalid but the schema accepts it');
        const actual = result.ruleMessages.map((m, i) => {
          const expected = c.errors[i];
          return {
            messageId: m.messageId,
            line: m.line,
            column: m.column,
            ...(expected?.endLine !== undefined ? { endLine: m.endLine } : {}),
            ...(expected?.endColumn !== undefined ? { endColumn: m.endColumn } : {}),
            ...(expected?.message !== undefined ? { message: m.message.includes(expected.message) ? expected.message : m.message } : {}),
          };
        });
        assert.deepEqual(actual, c.errors);
        for (const m of result.ruleMessages) assert.ok(!/\{\{/.test(m.message), `unfilled placeholder in "${m.message}"`);
      });
    }
  });
}

function run(id: string, rule: RuleModule, c: ValidCase) {
  const onlyThisRule = Object.fromEntries(Object.keys(rules).map((r) => [r, r === id ? 'error' : 'off'] as const));
  // evals and grading rules see the case as an evals.json or a grading.json; cross-file rules get the case's eval as the lookup would find it.
  const filePath = ({ evals: 'evals.json', grading: 'grading.json' } as Record<string, string>)[ruleKind(rule)] ?? 'case.json';
  const match = c.evals ? matchCaseEval(c.evals, c.evalId) : undefined;
  const evalMatch: EvalMatch | undefined = c.noEvals !== undefined ? { status: 'no-evals', problem: c.noEvals } : match && c.campaignMeets ? againstCampaign(match, c.campaignMeets, 'iteration-1') : match;
  const result = checkSource({ filePath, bytes: textOf(c.code), evalMatch }, { severities: resolveRuleSeverities(onlyThisRule) });
  return {
    ruleMessages: result.messages.filter((m) => m.ruleId === id),
    schemaMessages: result.messages.filter((m) => m.ruleId === 'schema' || m.ruleId === 'parse'),
  };
}

/** The eval a cross-file case is held to: by `evalId` (as an `eval-<id>` folder), else the first eval. */
function matchCaseEval(evals: Record<string, unknown>, evalId?: string) {
  const first = (evals.evals as Array<{ id?: string }> | undefined)?.[0]?.id;
  return matchEval(indexEvals('evals.json', layout(evals), evals), { evalFolderId: evalId ?? first }).match;
}
