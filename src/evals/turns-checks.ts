// The `turns` rules of spec §4: the evals schema's scriptedTurn, then the supplemental checks.
import type { EvalsCheck, EvalsCheckContext } from './evals-problem.js';
import { forEachEval } from './evals-checks.js';
import { describeJsonType, isJsonObject, nameEval } from './json-shape.js';
import { isBlank } from './blank.js';
import { compileGateRegex } from './gate-regex.js';

const TURN_KEYS = ['prompt', 'deliver_when', 'agent_response_matches'];
const DELIVER_WHEN = ['always', 'agent_asks'];

/**
 * Validates every eval's `turns`. Unlike the reference, which stops at the first failing
 * supplemental check, all problems are reported; a value with the wrong shape gets only its
 * schema error, never a follow-on one (no regex compile of a non-string, for instance).
 */
export const checkScriptedTurns: EvalsCheck = (ctx) => {
  forEachEval(ctx.doc, (evalCase, index, evalPointer) => {
    if (!Object.hasOwn(evalCase, 'turns')) return;
    const turns = evalCase['turns'];
    const name = nameEval(evalCase, index);
    const pointer = `${evalPointer}/turns`;
    if (!Array.isArray(turns)) {
      ctx.report({ code: 'turns-type', message: `${name}: "turns" must be an array, found ${describeJsonType(turns)}.`, pointer });
      return;
    }
    if (turns.length === 0) {
      ctx.report({
        code: 'turns-empty',
        message: `${name}: "turns" must hold at least one follow-up; omit it for a single-round eval.`,
        pointer,
      });
      return;
    }
    turns.forEach((turn: unknown, i) => checkTurn(ctx, turn, `${name}: turns[${i}]`, `${pointer}/${i}`));
  });
};

function checkTurn(ctx: EvalsCheckContext, turn: unknown, where: string, pointer: string): void {
  if (!isJsonObject(turn)) {
    ctx.report({ code: 'turn-type', message: `${where} must be an object, found ${describeJsonType(turn)}.`, pointer });
    return;
  }
  for (const key of Object.keys(turn)) {
    if (TURN_KEYS.includes(key)) continue;
    ctx.report({
      code: 'turn-property-unknown',
      message: `${where} has unknown property ${JSON.stringify(key)}; allowed: ${TURN_KEYS.join(', ')}.`,
      pointer: `${pointer}/${escapeSegment(key)}`,
      target: 'key',
    });
  }
  checkTurnPrompt(ctx, turn, where, pointer);
  const deliverWhen = turn['deliver_when'];
  if (!Object.hasOwn(turn, 'deliver_when')) {
    ctx.report({ code: 'property-missing', message: `${where}: missing required property "deliver_when".`, pointer });
  } else if (typeof deliverWhen !== 'string' || !DELIVER_WHEN.includes(deliverWhen)) {
    const found = typeof deliverWhen === 'string' ? JSON.stringify(deliverWhen) : describeJsonType(deliverWhen);
    ctx.report({
      code: 'turn-deliver-when',
      message: `${where}.deliver_when must be "always" or "agent_asks", found ${found}.`,
      pointer: `${pointer}/deliver_when`,
    });
  }
  checkTurnRegex(ctx, turn, where, pointer);
}

function checkTurnPrompt(ctx: EvalsCheckContext, turn: Record<string, unknown>, where: string, pointer: string): void {
  if (!Object.hasOwn(turn, 'prompt')) {
    ctx.report({ code: 'property-missing', message: `${where}: missing required property "prompt".`, pointer });
    return;
  }
  const prompt = turn['prompt'];
  const at = `${pointer}/prompt`;
  if (typeof prompt !== 'string') {
    ctx.report({ code: 'property-type', message: `${where}.prompt must be a string, found ${describeJsonType(prompt)}.`, pointer: at });
  } else if (prompt === '') {
    ctx.report({ code: 'turn-prompt-empty', message: `${where}.prompt must not be empty.`, pointer: at });
  } else if (isBlank(prompt)) {
    ctx.report({ code: 'turn-prompt-blank', message: `${where}.prompt must not be only whitespace.`, pointer: at });
  }
}

function checkTurnRegex(ctx: EvalsCheckContext, turn: Record<string, unknown>, where: string, pointer: string): void {
  if (!Object.hasOwn(turn, 'agent_response_matches')) return;
  const pattern = turn['agent_response_matches'];
  const at = `${pointer}/agent_response_matches`;
  if (typeof pattern !== 'string') {
    const message = `${where}.agent_response_matches must be a string, found ${describeJsonType(pattern)}.`;
    ctx.report({ code: 'property-type', message, pointer: at });
  } else if (pattern === '') {
    ctx.report({ code: 'turn-regex-empty', message: `${where}.agent_response_matches must not be empty.`, pointer: at });
  } else if (turn['deliver_when'] === 'always') {
    ctx.report({
      code: 'turn-always-with-regex',
      message: `${where}: agent_response_matches is not allowed with deliver_when "always" (that gate never looks at the agent's text); use "agent_asks" or remove it.`,
      pointer: at,
      target: 'key',
    });
  } else {
    const compiled = compileGateRegex(pattern);
    if (!compiled.ok) {
      ctx.report({
        code: 'turn-regex-invalid',
        message: `${where}.agent_response_matches ${JSON.stringify(pattern)} does not compile as a Rust regex: ${compiled.message}`,
        pointer: at,
      });
    }
  }
}

function escapeSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
