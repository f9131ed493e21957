// Whether a text states a SKILL.md line as a reader reads it (judge/stated-line.ts): the rule that lets
// a line the criteria or the staged task state through the blinding. Cases from review51 and review53.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StatedLines } from '../../src/judge/stated-line.js';

const states = (line: string, text: string) => new StatedLines([line]).in(text).length === 1;

describe('StatedLines', () => {
  it('states a line in any case, its whitespace run together, without its quotes, closing punctuation or Markdown marker (review51)', () => {
    assert.ok(states('- Always write timestamps in UTC.', 'The agent states the team rule "Always write timestamps in UTC" to the user.'));
    assert.ok(states('Always write timestamps in UTC.', 'always  write\ntimestamps in utc'));
  });

  it("states a line quoted without its inline markup, or with typographic quotes and dashes for the straight ones (review53: a word processor's rubric, a bold or code rule)", () => {
    assert.ok(states('- **Always** write timestamps in UTC.', 'Always write timestamps in UTC'));
    assert.ok(states('- Run `npm test` before every commit.', 'Run npm test before every commit'));
    assert.ok(states("- Don't commit secrets to the repo.", 'Don’t commit secrets to the repo'));
    assert.ok(states('- Keep functions under 40 lines -- split them otherwise.', 'Keep functions under 40 lines — split them otherwise.'));
    assert.ok(states('Quote it as “the rule”, always.', 'quote it as "the rule", always'));
  });

  it('does not state a line run into a longer word, also through a joining -, _, +, . or \' (review53: UTC-5, log_request_v2)', () => {
    assert.ok(!states('- Always write timestamps in UTC.', 'always write timestamps in UTC-5 for Chicago'));
    assert.ok(!states('- Always write timestamps in UTC.', 'always write timestamps in UTC+02:00'));
    assert.ok(!states('Log each request with log_request.', 'Log each request with log_request_v2()'));
    assert.ok(!states('Always write timestamps in UTC.', 'we always write timestamps in UTCs'));
    assert.ok(!states('write timestamps in UTC', 're-write timestamps in UTC'));
    // A sentence's end, a comma, a closing bracket or quote still end the line's last word.
    assert.ok(states('- Always write timestamps in UTC.', 'Rule: always write timestamps in UTC. Then commit.'));
    assert.ok(states('- Always write timestamps in UTC.', '(always write timestamps in UTC), and so on'));
  });

  it('states nothing of a line it holds only in part', () => {
    assert.ok(!states('- Always write timestamps in UTC.', 'always write timestamps'));
  });
});
