// The precompiled validators are fresh (byte-for-byte) and agree with a runtime Ajv on every fixture.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Ajv from 'ajv';
import { generateValidatorSource } from '../../scripts/build-validators.js';
import { ajvOptions, compiledSchemas } from '../../src/checker/ajv-options.js';
import { validateAgainstSchema } from '../../src/checker/schema.js';
import { loadArtifact } from '../../src/checker/load.js';

const repo = new URL('../../', import.meta.url).pathname;

function jsonFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonFilesUnder(path) : path.endsWith('.json') ? [path] : [];
  });
}

describe('standalone validators', () => {
  for (const { schema, out } of compiledSchemas) {
    it(`${out} is generated from the current ${schema}`, () => {
      assert.equal(readFileSync(join(repo, out), 'utf8'), generateValidatorSource(schema), `stale: run npm run build:schemas`);
    });
  }

  it('agree with a runtime Ajv compile on every conversation fixture', () => {
    const runtime = new Ajv.default({ ...ajvOptions, code: {} }).compile(JSON.parse(readFileSync(join(repo, 'schemas/conversation.schema.json'), 'utf8')));
    let compared = 0;
    for (const file of jsonFilesUnder(join(repo, 'fixtures'))) {
      const loaded = loadArtifact(readFileSync(file));
      if (!loaded.ok || /evals\.json$/.test(file)) continue;
      if (typeof loaded.value !== 'object' || loaded.value === null || !('events' in loaded.value)) continue;
      assert.deepEqual(validateAgainstSchema(loaded.value), validateAgainstSchema(loaded.value, runtime), file);
      compared++;
    }
    assert.ok(compared >= 30, `compared only ${compared} fixtures`);
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
