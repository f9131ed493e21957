// The same workspace gives the same findings from any working directory, named by relative or absolute paths and globs.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { runCli, type CliIO } from '../../src/cli/index.js';
import { shownPath } from '../../src/fs/shown-path.js';

const fixture = new URL('../../fixtures/workspace/', import.meta.url).pathname;

/** The bundled workspace, plus an artifact whose eval-<id> folder names no eval and a broken draft to ignore. */
function makeWorkspace(): { root: string; evals: string } {
  const top = mkdtempSync(join(tmpdir(), 'em-cwd-'));
  const root = join(top, 'checkout');
  cpSync(fixture, root, { recursive: true });
  const iteration = join(root, '.eval-magic', 'demo-skill', 'iteration-1');
  const sample = readFileSync(join(iteration, 'eval-rename-column', 'with_skill', 'conversation.json'));
  mkdirSync(join(iteration, 'eval-gone', 'with_skill'), { recursive: true });
  writeFileSync(join(iteration, 'eval-gone', 'with_skill', 'conversation.json'), sample);
  mkdirSync(join(root, '.eval-magic', 'drafts', 'eval-rename-column'), { recursive: true });
  writeFileSync(join(root, '.eval-magic', 'drafts', 'eval-rename-column', 'conversation.json'), '{"status": "completed",');
  return { root, evals: join(root, 'demo-skill', 'evals', 'evals.json') };
}

async function checkJson(args: string[], cwd: string): Promise<{ code: number; json: string }> {
  let stdout = '';
  const io: CliIO = { cwd, env: {}, stdout: { write: (t: string) => (stdout += t) }, stderr: { write: () => true }, readStdin: async () => Buffer.alloc(0) };
  const code = await runCli(['check', ...args, '--format', 'json'], io);
  return { code, json: stdout };
}

/** Paths made absolute (reported files, and the evals.json as messages name it), so runs from different folders compare. */
function normalize(json: string, cwd: string, evalsShown: string, evalsAbsolute: string): string {
  const results = JSON.parse(json) as Array<{ filePath: string; messages: Array<{ message: string }> }>;
  const normal = results.map((r) => ({
    ...r,
    filePath: resolve(cwd, r.filePath),
    messages: r.messages.map((m) => ({ ...m, message: m.message.split(evalsShown).join(evalsAbsolute) })),
  }));
  return JSON.stringify(normal.sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0)));
}


describe('findings do not depend on the working directory', () => {
  const { root, evals } = makeWorkspace();
  const ws = join(root, '.eval-magic');
  const iteration = join(ws, 'demo-skill', 'iteration-1');
  /** [cwd, way to name the workspace] — relative, absolute, climbing, globs. */
  const places: Array<[string, string]> = [
    [root, '.eval-magic'],
    [root, ws],
    [root, '.eval-magic/**/conversation.json'],
    [root, `${ws}/**/conversation.json`],
    [ws, '.'],
    [ws, '**/conversation.json'],
    [iteration, '../..'],
    [iteration, `${ws}/**/conversation.json`],
    ['/', ws],
    ['/', `${ws}/**/conversation.json`],
    [tmpdir(), relative(tmpdir(), ws)],
  ];

  for (const withEvals of [false, true]) {
    it(`${withEvals ? 'with --evals' : 'with the eval looked up'}: byte-identical JSON after path normalisation`, async () => {
      const outputs = new Set<string>();
      for (const [cwd, target] of places) {
        for (const evalsArg of withEvals ? [evals, relative(cwd, evals)] : [undefined]) {
          const args = [target, '--ignore', '**/drafts/**', ...(evalsArg ? ['--evals', evalsArg] : [])];
          const { code, json } = await checkJson(args, cwd);
          assert.equal(code, 1, `${cwd}: ${args.join(' ')}`);
          const text = normalize(json, cwd, evalsArg ?? shownPath(cwd, evals), evals);
          // The eval-<id> folder naming no eval is found from everywhere (it was missed outside the workspace).
          assert.match(text, /"ruleId":"eval-missing"/, `${cwd}: ${args.join(' ')}`);
          outputs.add(text);
        }
      }
      assert.equal(outputs.size, 1, [...outputs].join('\n\n'));
    });
  }

  it('an absolute glob checks the files it names, not a look-alike tree below the working directory', async () => {
    const real = join(mkdtempSync(join(tmpdir(), 'em-real-')), 'runs');
    mkdirSync(join(real, 'a'), { recursive: true });
    writeFileSync(join(real, 'a', 'conversation.json'), '{"status": "completed",');
    // The old bug joined the absolute glob onto the working directory: plant a clean copy there.
    const decoy = mkdtempSync(join(tmpdir(), 'em-decoy-'));
    mkdirSync(join(decoy, real, 'a'), { recursive: true });
    cpSync(join(iteration, 'eval-rename-column', 'with_skill', 'conversation.json'), join(decoy, real, 'a', 'conversation.json'));
    const { code, json } = await checkJson([`${real}/*/conversation.json`], decoy);
    assert.equal(code, 1);
    const results = JSON.parse(json) as Array<{ filePath: string; messages: Array<{ ruleId: string }> }>;
    assert.deepEqual(results.map((r) => [r.filePath, r.messages.map((m) => m.ruleId)]), [[`${real}/a/conversation.json`, ['parse']]]);
  });

  it('--pattern works from anywhere', async () => {
    const outputs = new Set<string>();
    for (const [cwd, target] of [[root, '.eval-magic'], ['/', ws], [iteration, '../..']] as const) {
      const { json } = await checkJson([target, '--pattern', '**/with_skill/*.json', '--evals', evals], cwd);
      outputs.add(normalize(json, cwd, evals, evals));
    }
    assert.equal(outputs.size, 1);
    assert.match([...outputs][0]!, /eval-gone/);
  });
});
