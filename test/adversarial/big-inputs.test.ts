// Adversarial sizes, generated at test time into a temp folder: a 200 MB artifact on one line, a million
// events, 100,000-deep nesting. Each is checked in a child process so its peak RSS can be measured.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { constants as bufferConstants } from 'node:buffer';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSource } from '../../src/index.js';
import { listTree, treeDigest } from '../../src/fs/file-tree.js';
// Importing it fails this file when dist/ is missing or stale: measure-check.js checks with dist/.
import { runBin } from '../helpers/cli.js';
import { makeCampaignWorkspace } from '../campaign/campaign-helpers.js';

const MEASURE = resolve(fileURLToPath(import.meta.url), '../measure-check.js');
const MiB = 1024 * 1024;

interface Measured {
  errorCount: number;
  warningCount: number;
  messages: Array<{ ruleId: string; messageId: string; line: number; column: number }>;
  maxRssBytes: number;
}

/** Checks `path` in a fresh Node process; returns its report summary and peak RSS. */
function measureCheck(path: string): Measured {
  const out = execFileSync(process.execPath, [MEASURE, path], { encoding: 'utf8', maxBuffer: 16 * MiB });
  return JSON.parse(out) as Measured;
}

const HEAD = '{"status":"completed","delivered_followups":0,"events":[{"type":"user_message","ordinal":0,"round":1,"text":"go"}';

let dir: string;
before(() => void (dir = mkdtempSync(join(tmpdir(), 'eval-magic-big-'))));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('big artifacts (child process, peak RSS)', () => {
  it('a 200 MB artifact on a single line: the finding at its very end has the exact column', () => {
    // 2,000 assistant messages of 100,000 characters, no line break; the last ordinal is wrong.
    const path = join(dir, 'huge-line.json');
    const fd = openSync(path, 'w');
    writeSync(fd, HEAD);
    const text = 'x'.repeat(100_000);
    let length = HEAD.length;
    let column = 0;
    for (let i = 1; i <= 2000; i++) {
      const prefix = `,{"type":"assistant_message","ordinal":`;
      if (i === 2000) column = length + prefix.length + 1;
      const event = `${prefix}${i === 2000 ? 7 : i},"round":1,"text":"${text}"}`;
      writeSync(fd, event);
      length += event.length;
    }
    writeSync(fd, ']}');
    closeSync(fd);
    assert.ok(length > 200_000_000);
    const m = measureCheck(path);
    assert.deepEqual(m.messages.map((p) => [p.ruleId, p.line, p.column]), [['ordinal-sequence', 1, column]]);
    // The text is held once as bytes and once as a string, plus the parsed value: a few times the file, not unbounded.
    assert.ok(m.maxRssBytes < 1536 * MiB, `peak RSS ${Math.round(m.maxRssBytes / MiB)} MiB`);
  });

  it('an artifact with 1,000,000 events: checked whole, the one bad ordinal found on its line', () => {
    const path = join(dir, 'million.json');
    const fd = openSync(path, 'w');
    writeSync(fd, HEAD.replace('[', '[\n'));
    let chunk: string[] = [];
    for (let i = 1; i < 1_000_000; i++) {
      chunk.push(`,\n{"type":"assistant_message","ordinal":${i === 999_999 ? 5 : i},"round":1,"text":"reply ${i}"}`);
      if (chunk.length === 10_000) {
        writeSync(fd, chunk.join(''));
        chunk = [];
      }
    }
    writeSync(fd, chunk.join('') + '\n]}\n');
    closeSync(fd);
    const m = measureCheck(path);
    assert.deepEqual(m.messages.map((p) => [p.ruleId, p.messageId, p.line, p.column]), [['ordinal-sequence', 'notNext', 1_000_001, 39]]);
    // Placing a finding builds a syntax tree of every event (~1.7 GiB measured for this 76 MB file).
    assert.ok(m.maxRssBytes < 2560 * MiB, `peak RSS ${Math.round(m.maxRssBytes / MiB)} MiB`);
  });
});

describe('100,000-deep nesting (no stack overflow, exact positions)', () => {
  const N = 100_000;
  const wrap = (inner: string) => `{"status":"completed","delivered_followups":0,"events":[${inner},{"type":"assistant_message","ordinal":1,"round":1,"text":"x"}]}`;
  const cases: Array<[string, string, Array<[string, string, number, number]>]> = [
    ['a deep valid array is one schema finding', '['.repeat(N) + ']'.repeat(N), [['schema', 'type', 1, 1]]],
    ['a deep broken array points at the end of the file', '['.repeat(N) + ']'.repeat(N - 1), [['parse', 'truncated', 1, 2 * N]]],
    ['a deep object with a trailing comma points at the comma', '{"a":'.repeat(N) + '1,' + '}'.repeat(N), [['parse', 'trailing-comma', 1, 5 * N + 3]]],
    ['a deep event is positioned at the event', wrap('['.repeat(N) + ']'.repeat(N)), [['schema', 'event-not-object', 1, 57]]],
    [
      'a key repeated 100,000 levels down is found at its column',
      wrap(`{"type":"user_message","ordinal":0,"round":1,"text":"go"}`).replace('"events"', `"x":${'{"a":'.repeat(N)}{"b":1,"b":2}${'}'.repeat(N)},"events"`),
      [],
    ],
  ];
  const dupText = cases.at(-1)![1];
  // ASCII text on one line: a column is the offset + 1.
  cases.at(-1)![2] = [['schema', 'additionalProperties', 1, dupText.indexOf('"x"') + 1], ['duplicate-key', 'duplicate', 1, dupText.indexOf('"b":2') + 1]];
  for (const [name, text, expected] of cases) {
    it(name, () => {
      const result = checkSource({ filePath: 'conversation.json', bytes: text });
      assert.deepEqual(result.messages.map((m) => [m.ruleId, m.messageId, m.line, m.column]), expected);
    });
  }

  it('a 100,000-deep file on disk goes through check like any other', () => {
    const path = join(dir, 'deep.json');
    writeFileSync(path, '['.repeat(N) + ']'.repeat(N - 1));
    const m = measureCheck(path);
    assert.deepEqual(m.messages.map((p) => [p.ruleId, p.line, p.column]), [['parse', 1, 2 * N]]);
  });
});

describe('a skill folder holding a file over 2 GiB', () => {
  it('is digested a piece at a time (read whole, it made campaign stop with an internal error)', () => {
    const skill = join(dir, 'big-skill');
    mkdirSync(skill);
    writeFileSync(join(skill, 'model.bin'), '');
    truncateSync(join(skill, 'model.bin'), 2 ** 31 + 1); // sparse: no disk, ~10 s of reading zeros here
    // sha256 of 2^31 + 1 zero bytes, from coreutils sha256sum.
    const fileSha = 'b8030a8ab89280935633d8d991da3d9907c0f12e8b6fc3bfc515f4d440872b6e';
    const expected = createHash('sha256').update(`file model.bin ${fileSha}\n`).digest('hex');
    assert.equal(treeDigest(skill, listTree(skill, 'the skill folder')), expected);
  });
});

describe('a SKILL.md over the longest string (campaign-inputs.test.ts tests the rest of campaign\'s inputs)', () => {
  it('a SKILL.md too large to be one string (a byte over the longest string, ~512 MiB, sparse) is read by its front matter, not taken for a missing SKILL.md', () => {
    const big = makeCampaignWorkspace();
    // No larger: the plan digests every byte (~6 CPU-s a GiB here).
    truncateSync(join(big.skillDir, 'SKILL.md'), bufferConstants.MAX_STRING_LENGTH + 1);
    // The shard holds none of the plan: the inputs are checked and the plan printed, nothing run.
    const result = runBin(['campaign', '--evals', big.evalsPath, '--harness', 'claude-code', '--shard', '100/100'], { cwd: big.root, env: big.env });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /shard 100\/100 holds none of the plan's 4 agent sessions: nothing to run/);
  });
});
