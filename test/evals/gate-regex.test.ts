import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileGateRegex, summarizeRustError, type GateRegex } from '../../src/evals/gate-regex.js';

function compile(pattern: string): GateRegex {
  const result = compileGateRegex(pattern);
  if (!result.ok) assert.fail(`expected ${JSON.stringify(pattern)} to compile: ${result.detail}`);
  return result.regex;
}

function rejection(pattern: string): { message: string; detail: string } {
  const result = compileGateRegex(pattern);
  if (result.ok) assert.fail(`expected ${JSON.stringify(pattern)} to be rejected`);
  return result;
}

// [pattern, text, expected is_match] — Rust regex semantics, spec §5.
const matches: Array<[string, string, boolean]> = [
  ['(?i)which zone', 'WHICH ZONE do you mean?', true],
  ['which zone', 'WHICH ZONE do you mean?', false],
  ['(?i:ab)c', 'ABc', true],
  ['(?i:ab)c', 'ABC', false],
  ['(?i)a(?-i)b', 'Ab', true],
  ['(?i)a(?-i)b', 'AB', false],
  ['(?m)^zone$', 'which\nzone\n?', true],
  ['^zone$', 'which\nzone\n?', false],
  ['(?s)a.b', 'a\nb', true],
  ['a.b', 'a\nb', false],
  ['a.b', 'a\rb', true],
  ['(?x) a \\  b # comment', 'a b', true],
  ['(?x) a b', 'a b', false],
  ['\\Awhich', 'which one?', true],
  ['\\Awhich', 'so, which one?', false],
  ['one\\?\\z', 'which one?', true],
  ['one\\?\\z', 'which one?\n', false],
  ['a$', 'a\n', false],
  ['a$', 'a', true],
  ['(?P<zone>UTC|CET)\\?', 'UTC or CET?', true],
  ['(?<zone>CET)', 'CET', true],
  ['\\pL+', 'ζ', true],
  ['^\\p{Greek}+$', 'αβγ', true],
  ['^\\p{Greek}+$', 'abc', false],
  ['^\\d+$', '١٢٣', true],
  ['^\\w+$', 'naïve_日本', true],
  ['\\bcafé\\b', 'un café?', true],
  ['^\\s$', '\u0085', true],
  ['^\\s$', '\ufeff', false],
  ['(?i)k', '\u212a', true],
  ['(?i)s', '\u017f', true],
  ['k', '\u212a', false],
  ['[a-z&&[^c]]', 'c', false],
  ['[a-z&&[^c]]', 'd', true],
  ['[[:alpha:]]', 'z', true],
  ['\\x{1F600}', 'hi 😀', true],
  ['\\<zone\\>', 'a zone.', true],
  ['\\b{start}zone', 'ozone', false],
];

for (const [pattern, text, expected] of matches) {
  test(`${JSON.stringify(pattern)} on ${JSON.stringify(text)} → ${expected}`, () => {
    assert.equal(compile(pattern).test(text), expected);
  });
}

const rejected: Array<[string, RegExp]> = [
  ['(?=a)', /look-around/],
  ['(?<!a)b', /look-around/],
  ['(a)\\1', /backreferences are not supported/],
  ['\\Z', /unrecognized escape/],
  ['\\Qa\\E', /unrecognized escape/],
  ['(', /unclosed group/],
  ['\\p{NotAProperty}', /Unicode property not found/],
  ['(?z)', /unrecognized flag/],
  ['a{100000}{100}', /size limit/],
];

for (const [pattern, expected] of rejected) {
  test(`rejects ${JSON.stringify(pattern)} with Rust's message`, () => {
    const { message, detail } = rejection(pattern);
    assert.match(message, expected);
    assert.ok(!message.includes('\n'), 'message is one line');
    assert.ok(!/\bat .*:\d+:\d+/.test(detail), 'no JS stack in detail');
  });
}

test('positions a parse error by character, counting an emoji as one', () => {
  assert.equal(rejection('😀(?=a)').message, 'look-around, including look-ahead and look-behind, is not supported (pattern column 2)');
});

test('positions a parse error in a multi-line pattern by line and column', () => {
  const { message, detail } = rejection('(?x)\n  abc\n  (?<=x)\n');
  assert.equal(message, 'look-around, including look-ahead and look-behind, is not supported (pattern line 3, column 3)');
  assert.match(detail, /^regex parse error:/);
});

test('summarizes a non-parse error to one line', () => {
  assert.equal(summarizeRustError('Compiled regex exceeds\n size limit.'), 'Compiled regex exceeds size limit.');
});

test('rejects a pattern holding a lone surrogate instead of silently rewriting it', () => {
  assert.match(rejection('a\ud800').message, /lone surrogate/);
  assert.equal(compile('a\ud83d\ude00').test('a😀'), true);
});

test('a lone surrogate in the text reads as U+FFFD and never throws', () => {
  assert.equal(compile('a\\x{FFFD}b').test('a\udc00b'), true);
});

test('matches a pathological pattern over 1 MB in linear time (returns at all)', () => {
  const text = 'a'.repeat(1 << 20);
  assert.equal(compile('(a*)*b').test(text), false);
  assert.equal(compile('(a*)*b').test(text + 'b'), true);
  assert.equal(compile('(x+x+)+y').test('x'.repeat(1 << 20)), false);
});

test('caches compiled patterns', () => {
  assert.equal(compileGateRegex('cache-me'), compileGateRegex('cache-me'));
});
