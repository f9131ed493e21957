// The compare bench's floor: the least any `compare` must do per run, in one plain Node script —
// find the conversations, read and JSON.parse each with its run.json, validate both with one
// compiled Ajv validator each, grade the eval's transcript checks with JavaScript's own RegExp,
// and write grading.json unless the file already says the same. No rules, positions, eval
// lookup, metrics, statistics or report: a lower bound on compare's cost, not a rival of it.
// With --threads 2 the runs are split between the main thread and one worker (each takes every
// second file), to measure what a second thread buys on this machine for this work.
// Usage: compare-floor [--threads n] <iteration folder> <evals.json>
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Worker, isMainThread, workerData, parentPort } from 'node:worker_threads';
import fg from 'fast-glob';

interface Job {
  files: string[];
  evalsPath: string;
  offset: number;
  stride: number;
}

async function validators() {
  const [{ default: Ajv }, { default: addFormats }, { ajvOptions }, { default: conversation }, { default: run }] = await Promise.all([
    import('ajv'),
    import('ajv-formats'),
    import('../scripts/ajv-options.js'),
    import('../schemas/conversation.schema.json', { with: { type: 'json' } }),
    import('../schemas/run.schema.json', { with: { type: 'json' } }),
  ]);
  const ajv = new Ajv.default({ ...ajvOptions, code: {} });
  addFormats.default(ajv);
  return { conversation: ajv.compile(conversation), run: ajv.compile(run) };
}

interface Check {
  id: string;
  check: string;
  pattern: RegExp;
}

/** The Rust dialect's leading inline flags (`(?i)`) as a JavaScript flag; a pattern JavaScript cannot read is left out. */
function compile(pattern: string): RegExp | undefined {
  const flags = /^\(\?([a-z]+)\)/.exec(pattern);
  try {
    return new RegExp(flags ? pattern.slice(flags[0].length) : pattern, flags?.[1]?.replace(/[^ims]/g, '') ?? '');
  } catch {
    return undefined;
  }
}

async function work({ files, evalsPath, offset, stride }: Job): Promise<number> {
  const validate = await validators();
  const byId = new Map<string, Check[]>();
  for (const e of JSON.parse(readFileSync(evalsPath, 'utf8')).evals as { id: string; assertions?: { id: string; type: string; check: string; pattern: string }[] }[]) {
    const checks = (e.assertions ?? []).filter((a) => a.type === 'transcript_check').flatMap((a) => {
      const pattern = compile(a.pattern);
      return pattern ? [{ id: a.id, check: a.check, pattern }] : [];
    });
    if (!byId.has(e.id)) byId.set(e.id, checks);
  }
  let graded = 0;
  for (let i = offset; i < files.length; i += stride) {
    const file = files[i]!;
    const dir = dirname(file);
    let conversation: { events?: { type: string; name?: string; args?: unknown; text?: string }[] };
    try {
      conversation = JSON.parse(readFileSync(file, 'utf8'));
      if (!validate.conversation(conversation)) continue;
      validate.run(JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')));
    } catch {
      continue;
    }
    const evalId = /^eval-(.+)$/.exec(basename(dirname(dirname(dir))))?.[1] ?? '';
    const events = conversation.events ?? [];
    const invocations = events.filter((e) => e.type === 'tool_invocation').map((e) => (e.args === undefined ? `${e.name}` : `${e.name} ${JSON.stringify(e.args)}`));
    const said = events.filter((e) => e.type === 'assistant_message').map((e) => e.text ?? '');
    const results = (byId.get(evalId) ?? []).map((c) => {
      const candidates = c.check === 'tool_invocation_matches' ? invocations : said;
      const hit = candidates.find((s) => c.pattern.test(s));
      return { id: c.id, passed: hit !== undefined, evidence: hit === undefined ? 'no match' : `matched: ${hit.slice(0, 200)}`, grader: 'transcript_check' };
    });
    const passed = results.filter((r) => r.passed).length;
    const text = JSON.stringify({ assertion_results: results, summary: { passed, failed: results.length - passed, total: results.length }, ungraded: [] }, null, 2) + '\n';
    const gradingPath = join(dir, 'floor-grading.json');
    let existing: string | undefined;
    try {
      existing = readFileSync(gradingPath, 'utf8');
    } catch {
      existing = undefined;
    }
    if (existing !== text) writeFileSync(gradingPath, text);
    graded++;
  }
  return graded;
}

if (isMainThread) {
  const args = process.argv.slice(2);
  const threadsAt = args.indexOf('--threads');
  const threads = threadsAt >= 0 ? Number(args.splice(threadsAt, 2)[1]) : 1;
  const [iteration, evalsPath] = args as [string, string];
  const files = fg.sync('**/conversation.json', { cwd: iteration, dot: true, absolute: true });
  const helpers = Array.from({ length: threads - 1 }, (_, k) =>
    new Promise<number>((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: { files, evalsPath, offset: k + 1, stride: threads } satisfies Job });
      worker.once('message', resolve);
      worker.once('error', reject);
    }),
  );
  const counts = await Promise.all([work({ files, evalsPath, offset: 0, stride: threads }), ...helpers]);
  process.stdout.write(`${counts.reduce((a, b) => a + b, 0)} graded\n`);
} else {
  parentPort!.postMessage(await work(workerData as Job));
}
