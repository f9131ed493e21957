// The parsers against what the real CLIs printed: fixtures/streams/<harness>/<version>/<case>.turn<r>.jsonl,
// recorded by `RECORD_STREAMS=1 npm run test:agents`. Every recorded version is replayed; a new
// CLI version is one recording away.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtInHarnessNames, loadHarness, streamParsers } from '../../src/runner/index.js';
import type { ParsedRound } from '../../src/workspace/streams/types.js';

const STREAMS = resolve(fileURLToPath(import.meta.url), '../../../fixtures/streams');

// What the scripted model said in each case (test/agents/real-agents.e2e.ts).
const QUESTION = 'I wrote zone.txt. Which zone do you want for the second line?';
const shellTool = { 'claude-code': 'Bash', codex: 'command_execution', opencode: 'bash' } as const;

type Harness = (typeof builtInHarnessNames)[number];

/** Expectations per recorded case, the same for every version of a CLI. */
const cases: Record<string, (parsed: ParsedRound, harness: Harness) => void> = {
  'three-rounds.turn1': (p, h) => {
    assert.deepEqual(p.events.map((e) => (e.type === 'tool_invocation' ? `tool ${e.name}` : e.text)), [`tool ${shellTool[h]}`, QUESTION]);
    const tool = p.events[0] as Extract<ParsedRound['events'][number], { type: 'tool_invocation' }>;
    assert.match(JSON.stringify(tool.args), /printf 'zone=UTC[^']*' > zone\.txt/);
    assert.match(String(tool.result), /^zone=UTC\n?$/);
    assert.equal(p.finalText, QUESTION);
    assert.ok(typeof p.totalTokens === 'number' && p.totalTokens > 0);
  },
  'three-rounds.turn2': (p) => assert.deepEqual([p.events, p.finalText], [[{ type: 'assistant_message', text: 'Using UTC for both lines. Anything else?' }], 'Using UTC for both lines. Anything else?']),
  'three-rounds.turn3': (p) => assert.deepEqual([p.events, p.finalText], [[{ type: 'assistant_message', text: 'Done: zone.txt says UTC.' }], 'Done: zone.txt says UTC.']),
  'stops-at-gate.turn1': (p) => assert.deepEqual(p.events, [{ type: 'assistant_message', text: 'Should I start with a.txt?' }]),
  // The CLI exits non-zero (the run aborts on that); the stream holds no conversation.
  'model-fails.turn1': (p, h) => {
    assert.ok(p.events.every((e) => e.type === 'assistant_message' && /500/.test(e.text)), JSON.stringify(p.events));
    if (h === 'claude-code') assert.match(p.finalText ?? '', /API Error: 500/);
    else assert.equal(p.finalText, undefined);
  },
};

/** Cases recorded for one CLI only. */
const onlyFor: Partial<Record<Harness, typeof cases>> = {
  // A user descriptor with --permission-mode default: the write is refused, the call stays a tool
  // invocation whose result is the refusal, and permission_denials becomes a notice.
  'claude-code': {
    'refused-write.turn1': (p) => {
      assert.deepEqual(p.events.map((e) => (e.type === 'tool_invocation' ? `tool ${e.name}` : e.text)), ['tool Bash', 'I was not allowed to write refused.txt. Retry?']);
      assert.match(String((p.events[0] as { result?: unknown }).result), /^Output redirection to '.*refused\.txt' was blocked/);
      assert.deepEqual(p.notices, ['claude: 1 tool call(s) refused by the permission mode (permission_denials): Bash']);
    },
    'refused-write.turn2': (p) => assert.deepEqual(p.events, [{ type: 'assistant_message', text: 'Leaving it.' }]),
  },
};

/** Codex `error` items are notices; the other CLIs leave none in these cases. */
function checkNotices(parsed: ParsedRound, harness: Harness, name: string): void {
  if (name.startsWith('refused-write')) return;
  if (harness === 'codex') {
    assert.deepEqual(parsed.notices?.map((n) => n.replace(/`[^`]*`/, '`M`')), ['codex: Model metadata for `M` not found. Defaulting to fallback metadata; this can degrade performance and cause issues.']);
  } else {
    assert.equal(parsed.notices, undefined);
  }
}

for (const harness of builtInHarnessNames) {
  const dir = join(STREAMS, harness);
  describe(`recorded ${harness} streams`, () => {
    it('has at least one recorded version with every case', () => {
      assert.ok(existsSync(dir), `no recordings in ${dir}`);
      for (const version of readdirSync(dir)) {
        const files = readdirSync(join(dir, version)).map((f) => f.replace(/\.jsonl$/, '')).sort();
        assert.deepEqual(files, Object.keys({ ...cases, ...onlyFor[harness] }).sort(), `${harness} ${version}`);
      }
    });
    const parse = streamParsers[loadHarness(harness).parser];
    for (const version of existsSync(dir) ? readdirSync(dir) : []) {
      const read = (name: string) => parse(readFileSync(join(dir, version, `${name}.jsonl`), 'utf8'));
      for (const [name, expect] of Object.entries({ ...cases, ...onlyFor[harness] })) {
        it(`${version} ${name}`, () => {
          const parsed = read(name);
          expect(parsed, harness);
          checkNotices(parsed, harness, name);
          if (name !== 'model-fails.turn1') assert.ok(parsed.sessionId, 'a session id');
        });
      }
      it(`${version}: resumed rounds report round 1's session id`, () => {
        const ids = ['three-rounds.turn1', 'three-rounds.turn2', 'three-rounds.turn3'].map((n) => read(n).sessionId);
        assert.equal(new Set(ids).size, 1, JSON.stringify(ids));
      });
    }
  });
}
