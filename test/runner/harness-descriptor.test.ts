// Harness descriptors: the built-ins load, bad descriptors are refused with positions, argv expansion.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { builtInHarnessNames, expandArgv, loadHarness, parseHarnessDescriptor } from '../../src/runner/index.js';
import { UsageError } from '../../src/errors.js';

const valid = {
  name: 'my-agent',
  executable: 'my-agent',
  argv: ['go', '--cwd={cwd}', '{model_args}', '--', '{prompt}'],
  resume_argv: ['go', '--resume', '{session_id}', '{model_args}', '--out', '{outputs_dir}/r{round}', '{prompt}'],
  model_args: ['--model', '{model}'],
  events_file: 'events.jsonl',
  stderr_file: 'stderr.log',
  parser: 'claude-stream-json',
};

describe('built-in harnesses', () => {
  for (const name of builtInHarnessNames) {
    it(`${name} loads and takes the round's text on stdin, never as an argument`, () => {
      const h = loadHarness(name);
      assert.equal(h.name, name);
      assert.equal(h.prompt_via, 'stdin');
      assert.ok(![...h.argv, ...h.resume_argv].some((e) => e.includes('{prompt}')));
      assert.ok(h.tested_versions?.length);
    });
  }
});

describe('parseHarnessDescriptor', () => {
  it('accepts a valid descriptor and resolves a relative executable path from its folder', () => {
    const h = parseHarnessDescriptor(JSON.stringify({ ...valid, executable: './bin/agent' }), '/x/y/agent.json');
    assert.equal(h.executable, '/x/y/bin/agent');
    assert.equal(h.source, '/x/y/agent.json');
  });

  const invalid: { name: string; patch: Record<string, unknown>; message: RegExp }[] = [
    { name: 'unknown key', patch: { colour: 'red' }, message: /h\.json:\d+:3: The descriptor has unexpected property "colour"\./ },
    { name: 'unknown parser', patch: { parser: 'yaml' }, message: /h\.json:26:13: parser must be one of "claude-stream-json", "codex-json", "opencode-events", found string "yaml"\./ },
    { name: 'prompt not last', patch: { argv: ['{prompt}', 'x'] }, message: /h\.json:5:5: \{prompt\} may appear only as the whole last element/ },
    { name: 'prompt inside an element', patch: { argv: ['--p={prompt}'] }, message: /\{prompt\} may appear only/ },
    { name: 'unknown placeholder', patch: { argv: ['{sesion_id}', '{model_args}', '{prompt}'] }, message: /placeholder \{sesion_id\} is not allowed in argv/ },
    { name: 'session id in round 1', patch: { argv: ['{session_id}', '{model_args}', '{prompt}'] }, message: /\{session_id\} is not allowed in argv/ },
    { name: 'resume without session id', patch: { resume_argv: ['{model_args}', '{prompt}'] }, message: /resume_argv must pass \{session_id\}/ },
    { name: 'model_args without its slot', patch: { argv: ['{prompt}'] }, message: /argv must contain the element "\{model_args\}"/ },
    { name: 'events file with a slash', patch: { events_file: '../x.jsonl' }, message: /: events_file must match pattern .*, found string "\.\.\/x\.jsonl"/ },
    { name: 'same file for both streams', patch: { stderr_file: 'events.jsonl' }, message: /stderr_file must differ/ },
    { name: 'unknown prompt delivery', patch: { prompt_via: 'file' }, message: /: prompt_via must be one of "argv", "stdin", found string "file"\./ },
    { name: '{prompt} with prompt_via stdin', patch: { prompt_via: 'stdin' }, message: /\{prompt\} may not appear when prompt_via is "stdin"/ },
    { name: 'env name that is not a variable name', patch: { env: { 'A=B': 'x' } }, message: /h\.json:\d+:5: env key "A=B" must match pattern/ },
    { name: 'env value that is not a string', patch: { env: { A: 1 } }, message: /: env\.A must be string, found integer 1\./ },
    { name: 'env value holding NUL', patch: { env: { A: 'x\u0000y' } }, message: /: env\.A must match pattern/ },
  ];
  for (const c of invalid) {
    it(`refuses: ${c.name}`, () => {
      const text = JSON.stringify({ ...valid, ...c.patch }, null, 2);
      assert.throws(() => parseHarnessDescriptor(text, 'h.json'), (e: Error) => {
        assert.ok(e instanceof UsageError);
        assert.match(e.message, /h\.json:\d+:\d+: /);
        assert.match(e.message, c.message);
        return true;
      });
    });
  }

  it('defaults prompt_via to "argv" and env to {}', () => {
    const h = parseHarnessDescriptor(JSON.stringify(valid), 'h.json');
    assert.equal(h.prompt_via, 'argv');
    assert.deepEqual(h.env, {});
  });

  it('accepts prompt_via "stdin" with no {prompt} element, and env', () => {
    const h = parseHarnessDescriptor(JSON.stringify({ ...valid, prompt_via: 'stdin', env: { IS_SANDBOX: '1' }, argv: ['go', '{model_args}'], resume_argv: ['go', '-r', '{session_id}', '{model_args}'] }), 'h.json');
    assert.equal(h.prompt_via, 'stdin');
    assert.deepEqual(h.env, { IS_SANDBOX: '1' });
  });

  it('refuses text that is not JSON', () => {
    assert.throws(() => parseHarnessDescriptor('{', 'h.json'), /invalid harness descriptor:\nh\.json:1:2: harness descriptor is not valid JSON: /);
  });

  it('names the built-ins when --harness is neither', () => {
    assert.throws(() => loadHarness('no-such-harness.json', '/nonexistent'), /neither a built-in \(claude-code, codex, opencode\)/);
  });
});

describe('expandArgv', () => {
  const base = { prompt: '-x {cwd} $(y)', cwd: '/task', outputsDir: '/out/turn-2', round: 2 };
  it('substitutes in one pass, so placeholders inside the prompt stay verbatim', () => {
    assert.deepEqual(expandArgv(valid.resume_argv, valid.model_args, { ...base, sessionId: 'S {prompt}', model: 'm' }), [
      'go', '--resume', 'S {prompt}', '--model', 'm', '--out', '/out/turn-2/r2', '-x {cwd} $(y)',
    ]);
  });
  it('drops {model_args} without a model', () => {
    assert.deepEqual(expandArgv(valid.argv, valid.model_args, base), ['go', '--cwd=/task', '--', '-x {cwd} $(y)']);
  });
});
