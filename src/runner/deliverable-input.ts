// Texts no agent can receive as written: found before round 1, so no paid round runs in vain and
// the artifact never records text other than what was sent.
import type { EvalCase } from '../evals/types.js';
import { findUnsendable } from '../evals/unsendable.js';
import { expandArgv } from './argv-template.js';
import { execLimits, type ExecLimits } from './exec-limits.js';
import type { HarnessDescriptor } from './harness-descriptor.js';

/** What a round's command line is built from, besides the eval's texts. */
export interface DeliveryContext {
  harness: HarnessDescriptor;
  /** The program as it will be started (argv[0] and the exec path). */
  program: string;
  cwd: string;
  outDir: string;
  model?: string;
  env: NodeJS.ProcessEnv;
}

/** Room left in round 2+ command lines for the session id, which is unknown before round 1. */
const SESSION_ID_ALLOWANCE = 'x'.repeat(128);

/** One text of an eval: where it is in evals.json (in words, and as a pointer below the eval), and the round it opens. */
interface RoundText {
  where: string;
  pointer: string;
  round: number;
  text: string;
}

/** Why one text of an eval cannot reach the agent: the sentence, and the text's pointer below its eval (`/prompt`, `/turns/0/prompt`). */
export interface UndeliverableText {
  pointer: string;
  message: string;
}

/**
 * Every reason a text of `evalCase` cannot reach the agent byte for byte: a NUL character, a
 * lone surrogate (UTF-8 cannot encode it; it would arrive as U+FFFD), an argument over the
 * per-argument limit, or a round whose whole command line and environment exceed the exec limit.
 * Texts given on stdin (`prompt_via: "stdin"`) have no size limit. One sentence each.
 */
export function findUndeliverableTexts(evalCase: EvalCase, ctx: DeliveryContext, limits: ExecLimits = execLimits()): UndeliverableText[] {
  const viaArgv = (ctx.harness.prompt_via ?? 'argv') === 'argv';
  const envBytes = environmentBytes(ctx.env);
  const texts: RoundText[] = [
    { where: 'prompt', pointer: '/prompt', round: 1, text: evalCase.prompt },
    ...(evalCase.turns ?? []).map((t, i) => ({ where: `turns[${i}].prompt (follow-up ${i + 1})`, pointer: `/turns/${i}/prompt`, round: i + 2, text: t.prompt })),
  ];
  const problems: UndeliverableText[] = [];
  for (const { where, pointer, round, text } of texts) {
    const name = `eval ${JSON.stringify(evalCase.id)} ${where}, round ${round}`;
    const say = (message: string) => problems.push({ pointer, message });
    const unsendable = findUnsendable(text);
    if (unsendable?.kind === 'nul') {
      say(`${name}: contains a NUL character (\\u0000) at character ${unsendable.at}, which is refused whatever the delivery (no command-line argument carries one, and agents read their text as C strings)`);
      continue;
    }
    if (unsendable?.kind === 'lone-surrogate') {
      say(`${name}: contains a lone surrogate (${unsendable.code}) at character ${unsendable.at}, which UTF-8 cannot encode: the agent would receive U+FFFD instead`);
      continue;
    }
    if (!viaArgv) continue;
    const bytes = Buffer.byteLength(text) + 1;
    if (limits.maxArgBytes !== undefined && bytes > limits.maxArgBytes) {
      say(`${name}: is ${bytes - 1} bytes, over the largest command-line argument this system takes (${limits.maxArgBytes - 1} bytes; ${limits.source}); shorten it or use a harness with "prompt_via": "stdin"`);
      continue;
    }
    const total = commandLineBytes(ctx, round, text, limits) + envBytes.bytes + envBytes.count * limits.pointerBytes;
    if (limits.maxTotalBytes !== undefined && total > limits.maxTotalBytes) {
      say(`${name}: its command line and environment take ${total} bytes, over this system's exec limit (ARG_MAX) of ${limits.maxTotalBytes} bytes (${limits.source}); shorten it, trim the environment, or use a harness with "prompt_via": "stdin"`);
    }
  }
  return problems;
}

/**
 * Why the agent's environment cannot reach it: a variable (`NAME=value` and its NUL) over the
 * per-string limit of an exec (Linux checks environment strings against MAX_ARG_STRLEN as it
 * checks arguments), or all of them together over the exec limit. `harnessEnv` is the
 * descriptor's `env`, which wins over `env`; each problem says where the variable came from.
 */
export function findUndeliverableEnvironment(env: NodeJS.ProcessEnv, harnessEnv: Readonly<Record<string, string>>, limits: ExecLimits = execLimits()): string[] {
  const problems: string[] = [];
  const merged = { ...env, ...harnessEnv };
  if (limits.maxArgBytes !== undefined) {
    for (const [name, value] of Object.entries(merged)) {
      if (value === undefined) continue;
      const bytes = Buffer.byteLength(`${name}=${value}`);
      if (bytes + 1 <= limits.maxArgBytes) continue;
      const from = Object.hasOwn(harnessEnv, name) ? 'from the harness descriptor' : 'from the environment eval-magic runs in';
      problems.push(`environment variable ${name} (${from}) is ${bytes} bytes, over the largest string an exec takes (${limits.maxArgBytes - 1} bytes; ${limits.source}); no round could start`);
    }
  }
  const { bytes, count } = environmentBytes(merged);
  const total = bytes + count * limits.pointerBytes;
  if (limits.maxTotalBytes !== undefined && total > limits.maxTotalBytes) {
    problems.push(`the agent's environment takes ${total} bytes, over this system's exec limit (ARG_MAX) of ${limits.maxTotalBytes} bytes (${limits.source}); no round could start`);
  }
  return problems;
}

/** Bytes of the exec path and argument strings (each NUL-terminated) and their pointers. */
function commandLineBytes(ctx: DeliveryContext, round: number, text: string, limits: ExecLimits): number {
  const template = round === 1 ? ctx.harness.argv : ctx.harness.resume_argv;
  const args = expandArgv(template, ctx.harness.model_args, {
    prompt: text,
    cwd: ctx.cwd,
    outputsDir: `${ctx.outDir}/turn-${round}`,
    round,
    sessionId: SESSION_ID_ALLOWANCE,
    ...(ctx.model !== undefined ? { model: ctx.model } : {}),
  });
  const strings = [ctx.program, ctx.program, ...args];
  return strings.reduce((sum, s) => sum + Buffer.byteLength(s) + 1, 0) + (args.length + 1) * limits.pointerBytes;
}

function environmentBytes(env: NodeJS.ProcessEnv): { bytes: number; count: number } {
  let bytes = 0;
  let count = 0;
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) continue;
    bytes += Buffer.byteLength(`${key}=${value}`) + 1;
    count++;
  }
  return { bytes, count };
}
