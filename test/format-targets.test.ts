// --format <name>[=<path>] parsing and planning: one pathless format, files, CI annotations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFormatSpec, planFormatTargets } from '../src/cli/format-targets.js';
import { UsageError } from '../src/errors.js';

const known = ['github', 'html', 'json', 'junit', 'sarif', 'stylish'];
const plan = (formats: string | string[] | undefined, extra: { outputFile?: string; ciAnnotations?: boolean } = {}) => planFormatTargets({ formats, known, ...extra });

test('a name alone, or name=path split at the first "="', () => {
  assert.deepEqual(parseFormatSpec('sarif', known), { format: 'sarif' });
  assert.deepEqual(parseFormatSpec('sarif=out/a=b.sarif', known), { format: 'sarif', path: 'out/a=b.sarif' });
});

test('bad specs are usage errors that say what to write', () => {
  assert.throws(() => parseFormatSpec('xml', known), (e: unknown) => e instanceof UsageError && /Unknown format "xml".*stylish/.test(e.message));
  assert.throws(() => parseFormatSpec('=a.txt', known), UsageError);
  assert.throws(() => parseFormatSpec('json=', known), (e: unknown) => e instanceof UsageError && /json=<file>/.test(e.message));
});

test('default: stylish to stdout; --output-file takes the pathless format', () => {
  assert.deepEqual(plan(undefined), [{ format: 'stylish', to: 'stdout' }]);
  assert.deepEqual(plan([]), [{ format: 'stylish', to: 'stdout' }]);
  assert.deepEqual(plan('json', { outputFile: 'r.json' }), [{ format: 'json', to: 'file', path: 'r.json' }]);
});

test('several formats: one on stdout, the others in their files, in the order given', () => {
  assert.deepEqual(plan(['stylish', 'sarif=r.sarif', 'junit=r.xml']), [
    { format: 'stylish', to: 'stdout' },
    { format: 'sarif', to: 'file', path: 'r.sarif' },
    { format: 'junit', to: 'file', path: 'r.xml' },
  ]);
  assert.deepEqual(plan(['sarif=r.sarif']), [{ format: 'sarif', to: 'file', path: 'r.sarif' }]);
});

test('conflicts are usage errors: two pathless formats, a shared file, an unused --output-file', () => {
  assert.throws(() => plan(['stylish', 'json']), (e: unknown) => e instanceof UsageError && /--format json=<file>/.test(e.message));
  assert.throws(() => plan(['json=r', 'sarif=r']), /same file "r"/);
  assert.throws(() => plan(['json=r'], { outputFile: 'x' }), /every --format names its own file/);
});

test('CI annotations: added unless github was asked for; kept off a machine-readable stdout', () => {
  assert.deepEqual(plan(undefined, { ciAnnotations: true }), [{ format: 'stylish', to: 'stdout' }, { format: 'github', to: 'stdout' }]);
  assert.deepEqual(plan('json', { ciAnnotations: true }), [{ format: 'json', to: 'stdout' }, { format: 'github', to: 'stderr' }]);
  assert.deepEqual(plan('html', { ciAnnotations: true }), [{ format: 'html', to: 'stdout' }, { format: 'github', to: 'stderr' }]);
  assert.deepEqual(plan('sarif=r', { ciAnnotations: true }), [{ format: 'sarif', to: 'file', path: 'r' }, { format: 'github', to: 'stdout' }]);
  // A file that is stdout carries the machine format as much as stdout itself.
  const streamOf = (path: string) => (path === '/dev/stdout' ? ('stdout' as const) : undefined);
  assert.deepEqual(planFormatTargets({ formats: 'json=/dev/stdout', known, ciAnnotations: true, streamOf }), [{ format: 'json', to: 'file', path: '/dev/stdout' }, { format: 'github', to: 'stderr' }]);
  assert.deepEqual(plan('github', { ciAnnotations: true }), [{ format: 'github', to: 'stdout' }]);
  assert.deepEqual(plan(undefined, { ciAnnotations: false }), [{ format: 'stylish', to: 'stdout' }]);
});
