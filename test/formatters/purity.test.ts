// Every format: a pure function of its input (same bytes twice, input untouched), hostile text made harmless.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatters } from '../../src/index.js';
import { context, hostileReport, RAW_CONTROL, sampleReports } from './reports.js';

function deepFreeze<T>(value: T): T {
  // A typed array (a kept file's compressed text) cannot be frozen; nothing writes to it either.
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

test('each format gives the same bytes for the same input and never mutates it', async () => {
  for (const [name, report] of await sampleReports()) {
    const frozen = deepFreeze(structuredClone(report));
    for (const [format, formatter] of Object.entries(formatters)) {
      assert.equal(formatter(frozen, context), formatter(structuredClone(report), context), `${format} on ${name}`);
    }
  }
});

test('no format lets a raw control, ANSI or OSC escape through (colour off)', () => {
  for (const [format, formatter] of Object.entries(formatters)) {
    const out = formatter(hostileReport(), context);
    assert.doesNotMatch(out, RAW_CONTROL, format);
    assert.ok(out.length > 0, format);
  }
});
