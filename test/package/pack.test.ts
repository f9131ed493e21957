// The package as a consumer gets it: `npm pack`, installed into an empty project offline from
// npm's cache, run with npx from another folder, its library and schemas imported.
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
// Importing it fails this file when dist/ is missing or stale: the tarball packs dist/ as it is.
import { binPath } from '../helpers/cli.js';

const repo = new URL('../../', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string; dependencies: Record<string, string> };
const good = join(repo, 'fixtures/valid/claude-completed-two-followups/conversation.json');
const bad = join(repo, 'fixtures/rules/ordinal-sequence/invalid/ordinals-start-at-one.json');

/**
 * A lockfile for a project that depends only on the tarball. npm's cache holds the tarballs
 * `npm ci` fetched, but not the registry's package documents an offline `npm install` would
 * need to resolve versions; with the versions written down (this repository's own resolution
 * of its runtime dependencies, which hoists the same way), `npm ci --offline` needs only tarballs.
 */
function consumerLockfile(tarball: string, integrity: string): object {
  const lock = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; dependencies?: Record<string, string> }> };
  const runtime = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && !entry.dev);
  return {
    name: 'consumer',
    version: '1.0.0',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'consumer', version: '1.0.0', devDependencies: { 'eval-magic': `file:${tarball}` } },
      'node_modules/eval-magic': { version: pkg.version, resolved: `file:${tarball}`, integrity, dev: true, license: 'MIT', dependencies: pkg.dependencies, bin: { 'eval-magic': 'dist/bin.cjs' }, engines: { node: '>=20.19' } },
      ...Object.fromEntries(runtime.map(([path, entry]) => [path, { ...entry, dev: true }])),
    },
  };
}

function run(cmd: string, args: string[], options: SpawnSyncOptions) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 240_000, ...options });
  if (r.error) throw r.error;
  return { code: r.status, stdout: String(r.stdout), stderr: String(r.stderr) };
}

test('the packed tarball installs offline into an empty project and works from another folder', { timeout: 600_000 }, (t) => {
  assert.ok(existsSync(binPath), 'built (npm test builds first)');
  const dir = mkdtempSync(join(tmpdir(), 'em-pack-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // No GitHub Actions annotations, no colour; npm only from its cache.
  const env = { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: undefined, npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

  // The build is already there (npm test built it); packing must not rebuild under other tests.
  const packed = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: repo, env });
  assert.equal(packed.code, 0, packed.stderr);
  const [manifest] = JSON.parse(packed.stdout) as Array<{ filename: string; integrity: string; files: Array<{ path: string; size: number }> }>;
  const files = manifest!.files.map((f) => f.path);
  for (const wanted of ['LICENSE', 'README.md', 'package.json', 'dist/bin.cjs', 'dist/index.js', 'dist/index.d.ts', 'schemas/conversation.schema.json', 'harnesses/codex.json', 'docs/rules/README.md', 'docs/rules/blank-text.md']) {
    assert.ok(files.includes(wanted), `the tarball holds ${wanted}`);
  }
  assert.deepEqual(files.filter((f) => /^(src|test|bench|fixtures|scripts)\//.test(f)), [], 'no sources, tests or fixtures');
  assert.ok(!files.includes('dist/build-inputs.json'), 'not the record of what dist/ was built from');

  const project = join(dir, 'project');
  mkdirSync(project);
  const tarball = `../${manifest!.filename}`;
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module', devDependencies: { 'eval-magic': `file:${tarball}` } }));
  writeFileSync(join(project, 'package-lock.json'), JSON.stringify(consumerLockfile(tarball, manifest!.integrity), null, 2));
  const install = run('npm', ['ci'], { cwd: project, env });
  assert.equal(install.code, 0, `offline install from the cache: ${install.stdout}${install.stderr}`);
  const installed = JSON.parse(readFileSync(join(project, 'node_modules/eval-magic/package.json'), 'utf8')) as { version: string };
  assert.equal(installed.version, pkg.version);

  // Another folder of the project, with artifacts: npx finds the installed binary upward.
  const runs = join(project, 'evals/runs');
  mkdirSync(join(runs, 'e1'), { recursive: true });
  mkdirSync(join(runs, 'e2'), { recursive: true });
  copyFileSync(good, join(runs, 'e1/conversation.json'));
  const clean = run('npx', ['--no-install', 'eval-magic', 'check', '.'], { cwd: runs, env });
  assert.equal(clean.code, 0, clean.stdout + clean.stderr);
  assert.match(clean.stdout, /1 file checked, no problems/);
  copyFileSync(bad, join(runs, 'e2/conversation.json'));
  const failing = run('npx', ['--no-install', 'eval-magic', 'check', '.', '-f', 'json'], { cwd: runs, env });
  assert.equal(failing.code, 1, failing.stderr);
  assert.equal((JSON.parse(failing.stdout) as Array<{ messages: Array<{ ruleId: string }> }>)[1]!.messages[0]!.ruleId, 'ordinal-sequence');
  // Commands that read the package's own files (harnesses/, schemas/) and the full command line.
  const harnesses = run('npx', ['--no-install', 'eval-magic', 'harness', 'list'], { cwd: runs, env });
  assert.equal(harnesses.code, 0, harnesses.stderr);
  assert.match(harnesses.stdout, /^codex /m);
  assert.equal(run('npx', ['--no-install', 'eval-magic', '-v'], { cwd: runs, env }).stdout.trim(), pkg.version);

  // The library and a schema, imported by name from the project.
  const script = [
    "import { createRequire } from 'node:module';",
    "import { check } from 'eval-magic';",
    "import schema from 'eval-magic/schemas/conversation.schema.json' with { type: 'json' };",
    "const path = createRequire(import.meta.url).resolve('eval-magic/schemas/evals.schema.json');",
    "const report = await check(['evals/runs']);",
    'console.log(JSON.stringify({ id: schema.$id, path, errors: report.errorCount }));',
  ].join('\n');
  writeFileSync(join(project, 'use.mjs'), script);
  const used = run(process.execPath, ['use.mjs'], { cwd: project, env });
  assert.equal(used.code, 0, used.stderr);
  const out = JSON.parse(used.stdout) as { id: string; path: string; errors: number };
  assert.equal(out.id, 'https://slow-powers.dev/schemas/conversation.schema.json');
  assert.equal(out.path, join(project, 'node_modules/eval-magic/schemas/evals.schema.json'));
  assert.equal(out.errors, 1);

  // Each command's library by its subpath (eval-magic/judge was documented, yet not exported:
  // ERR_PACKAGE_PATH_NOT_EXPORTED), throwing the one UsageError of the package's entry.
  writeFileSync(join(project, 'entries.mjs'), [
    "import { UsageError } from 'eval-magic';",
    "import { runCampaign } from 'eval-magic/campaign';",
    "import { compareIterations } from 'eval-magic/compare';",
    "import { runJudge, DEFAULT_JUDGE_JOBS } from 'eval-magic/judge';",
    "const refused = await runJudge({ paths: ['nowhere'], harness: 'claude-code', repets: 3 }).catch((error) => error);",
    'console.log(JSON.stringify({ kinds: [typeof runCampaign, typeof compareIterations, typeof runJudge], jobs: DEFAULT_JUDGE_JOBS, usage: refused instanceof UsageError, message: refused.message }));',
  ].join('\n'));
  const entries = run(process.execPath, ['entries.mjs'], { cwd: project, env });
  assert.equal(entries.code, 0, entries.stderr);
  const imported = JSON.parse(entries.stdout) as { kinds: string[]; jobs: number; usage: boolean; message: string };
  assert.deepEqual(imported.kinds, ['function', 'function', 'function']);
  assert.equal(imported.jobs, 4);
  assert.ok(imported.usage, imported.message);
  assert.match(imported.message, /^runJudge\(\) has no option "repets"; did you mean "repeats"\?/);

  // The published types compile in a consumer that checks every .d.ts (skipLibCheck: false) and
  // has none of eval-magic's devDependencies: no type may come from a bundled package (ajv, yargs).
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', noEmit: true, skipLibCheck: false, types: ['node'], typeRoots: [join(repo, 'node_modules/@types')] },
    files: ['use.ts'],
  }));
  writeFileSync(join(project, 'use.ts'), [
    "import { check, checkSource, formatters, rules, toolVersion, UsageError, ArtifactIOError, type CheckReport, type Problem, type RuleModule, type FileResult } from 'eval-magic';",
    "const report: CheckReport = await check(['evals/runs'], { config: false, concurrency: 'off' });",
    "const one: FileResult = checkSource({ filePath: 'e1/conversation.json', bytes: '{}' });",
    'const problems: Problem[] = one.messages;',
    'const rule: RuleModule | undefined = rules[problems[0]?.ruleId ?? ""];',
    'const text: string = formatters.stylish!(report) + formatters.sarif!(report, { cwd: "/" });',
    'const known: boolean = new UsageError("x") instanceof Error && new ArtifactIOError("y", "p").path === "p";',
    'console.log(text.length, rule?.meta.id, known, toolVersion);',
    "import { runJudge, type JudgeOptions, type JudgePlanSummary, type JudgeResult } from 'eval-magic/judge';",
    "import type { CompareResult } from 'eval-magic/compare';",
    "import type { CampaignResult } from 'eval-magic/campaign';",
    "const options: JudgeOptions = { paths: ['.eval-magic'], harness: 'claude-code', dryRun: true };",
    'const planned: Promise<JudgeResult> = runJudge(options);',
    'const summary = async (): Promise<JudgePlanSummary> => (await planned).plan;',
    'export type Results = [CompareResult, CampaignResult];',
    'void summary;',
  ].join('\n'));
  const tsc = run(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: project, env });
  assert.equal(tsc.code, 0, `the packed .d.ts compile in a consumer project: ${tsc.stdout}${tsc.stderr}`);

  // Only the real runtime dependencies came along (bundled ones are devDependencies).
  const tree = run('npm', ['ls', '--all', '--parseable'], { cwd: project, env });
  const names = new Set(tree.stdout.split('\n').filter((l) => l.includes('node_modules/')).map((l) => l.slice(l.lastIndexOf('node_modules/') + 'node_modules/'.length)));
  for (const bundled of ['yargs', 'ajv', 'ajv-formats', 'jsonc-parser']) assert.ok(!names.has(bundled), `${bundled} is bundled, not installed`);
  for (const dep of Object.keys(pkg.dependencies)) assert.ok(names.has(dep), `${dep} is installed`);
});
