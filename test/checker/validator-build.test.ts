// The precompiled validators are fresh (byte-for-byte) and agree with a runtime Ajv on every fixture.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Ajv from 'ajv';
import { generateValidatorSource } from '../../scripts/build-validators.js';
import { ajvOptions, compiledSchemas } from '../../scripts/ajv-options.js';
import { validateAgainstSchema } from '../../src/checker/schema.js';
import { DOCUMENT_KINDS } from '../../src/checker/document-kinds.js';
import { loadArtifact } from '../../src/checker/load.js';
import validateConversation from '../../src/validators/conversation.generated.cjs';
import isValidConversation from '../../src/validators/conversation-first-error.generated.cjs';
import { DEFECTS, generateArtifact } from '../corpus/generate-artifact.js';
import { SeededRandom } from '../corpus/seeded-random.js';

const repo = new URL('../../', import.meta.url).pathname;

function jsonFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonFilesUnder(path) : path.endsWith('.json') ? [path] : [];
  });
}

describe('standalone validators', () => {
  for (const { schema, out, options, formats, rewrite } of compiledSchemas) {
    it(`${out} is generated from the current ${schema}`, () => {
      assert.equal(readFileSync(join(repo, out), 'utf8'), generateValidatorSource(schema, options, formats, rewrite), `stale: run npm run build:schemas`);
    });
  }

  it('agree with a runtime Ajv compile on every conversation fixture', () => {
    const runtime = new Ajv.default({ ...ajvOptions, code: {} }).compile(JSON.parse(readFileSync(join(repo, 'schemas/conversation.schema.json'), 'utf8')));
    let compared = 0;
    for (const file of jsonFilesUnder(join(repo, 'fixtures'))) {
      const loaded = loadArtifact(readFileSync(file));
      if (!loaded.ok || /evals\.json$/.test(file)) continue;
      if (typeof loaded.value !== 'object' || loaded.value === null || !('events' in loaded.value)) continue;
      assert.deepEqual(validateAgainstSchema(loaded.value), validateAgainstSchema(loaded.value, DOCUMENT_KINDS.conversation, runtime), file);
      compared++;
    }
    assert.ok(compared >= 30, `compared only ${compared} fixtures`);
  });

  it('the first-error validator (the quick yes) gives the all-errors verdict on every fixture and generated artifact', () => {
    const values: unknown[] = [];
    for (const file of jsonFilesUnder(join(repo, 'fixtures'))) {
      const loaded = loadArtifact(readFileSync(file));
      if (loaded.ok && !/evals\.json$/.test(file)) values.push(loaded.value);
    }
    const random = new SeededRandom(17);
    for (let i = 0; i < 400; i++) {
      const loaded = loadArtifact(generateArtifact(random, random.int(300, 6000), i % 2 === 0 ? DEFECTS[(i / 2) % DEFECTS.length]! : 'none'));
      if (loaded.ok) values.push(loaded.value);
    }
    // The first-error validator picks an event's branch by its `type` (a discriminator) where the
    // contract says oneOf: events whose tag is missing, mistyped, unknown or another branch's.
    const user = { type: 'user_message', ordinal: 0, round: 1, text: 'hi' };
    const tool = { type: 'tool_invocation', ordinal: 1, round: 1, name: 'Read', args: {}, result: 'x' };
    const odd: unknown[] = [
      null, 'user_message', [], [user], {}, { ...user, type: undefined }, { ...user, type: 7 }, { ...user, type: null }, { ...user, type: 'USER_MESSAGE' },
      { ...user, type: 'tool_invocation' }, { ...tool, type: 'user_message' }, { ...tool, type: 'assistant_message' }, { ...user, name: 'Read' },
      { ...tool, text: 'hi' }, { ...user, type: ['user_message'] }, { ...user, type: { const: 'user_message' } }, { ...tool, args: 1 }, user, tool,
    ];
    for (const event of odd) values.push({ status: 'completed', delivered_followups: 0, events: [user, event] });
    let invalid = 0;
    for (const value of values) {
      const verdict = validateConversation(value);
      assert.equal(isValidConversation(value), verdict, JSON.stringify(value).slice(0, 200));
      if (!verdict) invalid++;
    }
    // Both verdicts must be well represented, or agreeing would prove little.
    assert.ok(invalid >= 50 && values.length - invalid >= 200, `${invalid} invalid of ${values.length}`);
  });

  it('the shipped schema is the seed contract', (t) => {
    const seed = new URL('../../../shared/seed/conversation.schema.json', import.meta.url).pathname;
    let seedText: string;
    try {
      seedText = readFileSync(seed, 'utf8');
    } catch {
      t.skip('no ../shared/seed beside this checkout (it is there in development and CI)');
      return;
    }
    assert.deepEqual(JSON.parse(readFileSync(join(repo, 'schemas/conversation.schema.json'), 'utf8')), JSON.parse(seedText));
  });
});
