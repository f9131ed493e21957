// Builds dist/: the executable, the CLI and the library bundled with esbuild (a small, fast start-up graph),
// plus type declarations from tsc. Run by `npm run build`; the validators are generated first.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { BUILD_INPUTS_FILE, buildInputs, minifies, staleBuildReason } from './build-inputs.js';
import { writeValidators } from './build-validators.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
// `npm test` and the other scripts that need dist/ build it only when it is not a build of the
// sources as they are (a fresh clone's `npm ci` has just built it): `npm run build` always builds.
if (process.argv.includes('--if-stale') && staleBuildReason(root) === null) {
  console.log('dist/ is up to date: built from the sources as they are (npm run build builds it again)');
  process.exit(0);
}
// Build beside dist/ and swap at the end, so a test run reading dist/ never sees it half-built.
const staging = `dist.partial-${process.pid}`;
rmSync(resolve(root, staging), { recursive: true, force: true });
writeValidators();
// Recorded before bundling: an edit made while the build runs must make dist/ count as stale.
const inputs = buildInputs(root);
// The declarations only (--noCheck: the same files, in half the time), written while the bundles
// are made: tsc is one core's work, and esbuild and the code cache leave the other free. Types
// are checked by `npm run typecheck`, which npm test runs beside the tests.
const declarations = new Promise<void>((done, fail) => {
  const tsc = spawn(process.execPath, [resolve(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', staging, '--noCheck'], { cwd: root, stdio: 'inherit' });
  tsc.on('error', fail);
  tsc.on('exit', (code, signal) => (code === 0 ? done() : fail(new Error(`tsc (the declarations) ended with ${signal ?? `exit ${code}`}`))));
  // A bundle that fails ends the build: tsc goes with it rather than writing on into staging.
  process.once('exit', () => tsc.exitCode === null && tsc.kill());
});
// Awaited at the end; a failure meanwhile is still the build's.
declarations.catch(() => {});

const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string; 'eval-magic'?: { docsBaseUrl?: string } };
const { version } = manifest;

/**
 * jsonc-parser's entry imports its formatter and editor, whose module bodies build tables at
 * start-up. The package does not declare itself free of side effects, so esbuild would keep (and
 * run) them although eval-magic never formats; saying so lets the unused modules be dropped.
 */
const jsoncParserHasNoSideEffects: Plugin = {
  name: 'jsonc-parser-has-no-side-effects',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      const inPackage = args.path === 'jsonc-parser' || /[\\/]node_modules[\\/]jsonc-parser[\\/]/.test(args.importer);
      if (!inPackage || args.pluginData === 'resolved') return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'resolved' });
      return found.errors.length > 0 ? undefined : { path: found.path, sideEffects: false };
    });
  },
};

/**
 * A generated validator (src/validators/*.generated.cjs) builds its schema objects as it
 * loads, and most runs use few of them: a clean conversation needs only the first-error one.
 * Each import gets a stand-in that loads the validator on its first call and passes its errors
 * on. The validators named in `besideExecutable` are not even bundled (the executable's start
 * reads and compiles every byte it holds): `check` needs them only for a grading.json or
 * comparison.json, and loads them from files of their own, dist/validators/ (docs/performance.md).
 */
function validatorsOnFirstUse(besideExecutable?: RegExp): Plugin {
  return {
    name: 'validators-on-first-use',
    setup(build) {
      build.onResolve({ filter: /\.generated\.cjs$/ }, async (args) => {
        if (args.pluginData === 'real' || args.namespace === 'validator-on-first-use' || args.path.includes('first-error')) return undefined;
        const real = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'real' });
        return real.errors.length > 0 ? undefined : { path: real.path, namespace: 'validator-on-first-use' };
      });
      build.onResolve({ filter: /^\.\/validators\//, namespace: 'validator-on-first-use' }, (args) => ({ path: args.path, external: true }));
      build.onLoad({ filter: /.*/, namespace: 'validator-on-first-use' }, (args) => {
        const from = besideExecutable?.test(args.path) ? `./validators/${basename(args.path, '.generated.cjs')}.cjs` : args.path;
        return {
          contents: `let real; export default function validate(data) { real ??= require(${JSON.stringify(from)}); const valid = real(data); validate.errors = real.errors; return valid; }`,
          loader: 'js',
          resolveDir: dirname(args.path),
        };
      });
    },
  };
}

/** The validators the executable loads from dist/validators/ (see validatorsOnFirstUse). */
const VALIDATORS_BESIDE_EXECUTABLE = ['grading', 'comparison', 'run', 'campaign', 'judgment'];

/**
 * The executable bundles the CLI and `check`; the other commands, the help text (yargs), and the
 * whole CLI for a --debug run (src/cli/bin.ts), are imported from the ESM build beside it, so a
 * check never loads them.
 */
const otherCommandsFromEsmBuild: Plugin = {
  name: 'other-commands-from-esm-build',
  setup(build) {
    build.onResolve({ filter: /^\.\/(run|campaign|judge|harness|rules|compare|init|help|index)\.js$/ }, (args) => {
      if (args.kind !== 'dynamic-import' || !/[\\/]src[\\/]cli[\\/]/.test(args.importer)) return undefined;
      return { path: args.path === './index.js' ? './cli.js' : `./cli/${args.path.slice(2)}`, external: true };
    });
  },
};

/**
 * Turns the bundled executable.cjs into a function the loader (scripts/executable/bin.cjs, copied
 * to dist/bin.cjs) runs through vm.Script, and makes its V8 code cache: most of a one-file check
 * beyond bare Node was V8 compiling the bundle (docs/performance.md). The cache is made by running
 * the staged executable on the valid fixtures, named one by one: a folder check tunes V8's flags,
 * and V8 rejects a cache made under other flags. The build fails if V8 rejects the cache it made.
 */
function makeExecutable(imports: { path: string; kind: string; external?: boolean }[]): void {
  const file = resolve(root, staging, 'executable.cjs');
  const hashbang = '#!/usr/bin/env node\n';
  let text = readFileSync(file, 'utf8');
  if (!text.startsWith(hashbang)) throw new Error('build: executable.cjs does not start with its hashbang');
  // Code run by vm.Script has no import() of its own: each goes through the loader's. Counted
  // against esbuild's list, so a string that merely looks like an import() fails the build.
  const dynamic = imports.filter((entry) => entry.kind === 'dynamic-import' && entry.external).length;
  const found = text.split('import("').length - 1;
  if (found !== dynamic) throw new Error(`build: executable.cjs holds ${found} import(" but esbuild lists ${dynamic} dynamic imports`);
  text = text.replaceAll('import("', '__evalMagicImport("');
  // The wrapper takes the hashbang's line, so every line keeps its number for the source map.
  const mapComment = '//# sourceMappingURL=executable.cjs.map\n';
  if (!text.endsWith(mapComment)) throw new Error('build: executable.cjs does not end with its source map comment');
  text = `(function (exports, require, module, __filename, __dirname, __evalMagicImport) {\n${text.slice(hashbang.length, -mapComment.length)}\n})\n${mapComment}`;
  writeFileSync(file, text);
  const bin = resolve(root, staging, 'bin.cjs');
  copyFileSync(resolve(root, 'scripts/executable/bin.cjs'), bin);
  chmodSync(bin, 0o755);

  const fixtures = readdirSync(resolve(root, 'fixtures/valid')).map((name) => `fixtures/valid/${name}/conversation.json`).filter((path) => existsSync(resolve(root, path)));
  const hook = resolve(root, 'scripts/executable/cache-hook.cjs');
  // No NODE_OPTIONS: V8 flags in it would make a cache a plain `node` rejects.
  const env = { ...process.env, NODE_OPTIONS: '' };
  execFileSync(process.execPath, ['--require', hook, bin, 'check', ...fixtures, '--format', 'json'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync(process.execPath, ['--require', hook, bin, 'check', ...fixtures, '--format', 'json'], { cwd: root, env: { ...env, EVAL_MAGIC_CACHE_HOOK: 'verify' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const verdict = resolve(root, staging, 'executable.v8-cache.rejected');
  const rejected = readFileSync(verdict, 'utf8');
  rmSync(verdict);
  if (rejected !== 'false') throw new Error('build: V8 rejected the code cache it had just made for executable.cjs');
}

const shared: BuildOptions = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  // rregex loads its WASM file from beside its own module, so it stays a real dependency.
  external: ['rregex'],
  // Prefer ESM builds: jsonc-parser's UMD build hides its requires from the bundler.
  mainFields: ['module', 'main'],
  // The docs' web address, from the one place it is set (src/formatters/rule-descriptors.ts).
  define: { EVAL_MAGIC_VERSION: JSON.stringify(version), EVAL_MAGIC_DOCS_BASE_URL: JSON.stringify(manifest['eval-magic']?.docsBaseUrl ?? '') },
  plugins: [jsoncParserHasNoSideEffects, validatorsOnFirstUse()],
  // Every start compiles the bundle first, and a smaller one compiles sooner. Names are not kept
  // (keepNames made a one-file check ~10 % slower): error classes set their own `name`, and
  // --debug stacks are mapped back to src/ through the source maps. EVAL_MAGIC_UNMINIFIED=1
  // keeps the names, for CPU profiles (docs/performance.md, "Profiles").
  minify: minifies(),
  // Read only under --debug (bin.ts enables them), to map stacks to src/ lines; without the
  // sources' text the maps are a fraction of the size (docs/performance.md has both measured).
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
};

// The library, the command line (for --debug runs), the commands beyond check, and the
// worker-thread entries: ESM, split into shared chunks. worker-pool.ts loads check-worker.js, and
// grading-threads.ts compare-worker.js, from beside its own chunk.
await build({
  ...shared,
  entryPoints: {
    index: 'src/index.ts',
    campaign: 'src/campaign/index.ts',
    compare: 'src/compare/index.ts',
    judge: 'src/judge/index.ts',
    cli: 'src/cli/index.ts',
    'cli/run': 'src/cli/run.ts',
    'cli/init': 'src/cli/init.ts',
    'cli/campaign': 'src/cli/campaign.ts',
    'cli/harness': 'src/cli/harness.ts',
    'cli/rules': 'src/cli/rules.ts',
    'cli/compare': 'src/cli/compare.ts',
    'cli/judge': 'src/cli/judge.ts',
    'cli/help': 'src/cli/help.ts',
    'check-worker': 'src/checker/engine/check-worker.ts',
    'compare-worker': 'src/compare/grading-thread.ts',
  },
  outdir: staging,
  splitting: true,
  format: 'esm',
  // Bundled CommonJS dependencies (ajv, yargs' helpers) still call require(); give them one.
  banner: { js: "import { createRequire as __emCreateRequire } from 'node:module'; const require = __emCreateRequire(import.meta.url);" },
});

// The executable: one CommonJS file with the command line and `check`. A one-file pre-commit run
// is mostly Node's start-up, and CommonJS loads faster than ES modules (no module graph to link,
// no per-builtin ESM facade). The other commands are imported from the ESM build above; glob
// libraries stay lazy imports of the installed packages. Bundled as dist/executable.cjs and run
// by dist/bin.cjs with a V8 code cache (makeExecutable below).
const executableBuild = await build({
  ...shared,
  entryPoints: { executable: 'src/cli/bin.ts' },
  outdir: staging,
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  plugins: [jsoncParserHasNoSideEffects, validatorsOnFirstUse(new RegExp(`[\\\\/](${VALIDATORS_BESIDE_EXECUTABLE.join('|')})\\.generated\\.cjs$`)), otherCommandsFromEsmBuild],
  external: [...(shared.external ?? []), 'fast-glob', 'picomatch'],
  define: { ...shared.define, 'import.meta.url': 'importMetaUrl' },
  inject: ['scripts/import-meta-url-shim.js'],
  metafile: true,
});
// The validators the executable loads from files beside it, each bundled with what it requires.
await build({
  ...shared,
  plugins: [],
  entryPoints: Object.fromEntries(VALIDATORS_BESIDE_EXECUTABLE.map((name) => [`validators/${name}`, `src/validators/${name}.generated.cjs`])),
  outdir: staging,
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
});

// Last of the bundles: making the code cache runs the executable, which may load any of them.
makeExecutable(executableBuild.metafile!.outputs[`${staging}/executable.cjs`]!.imports);

await declarations;
writeFileSync(resolve(root, staging, BUILD_INPUTS_FILE), JSON.stringify(inputs, null, 1) + '\n');
rmSync(resolve(root, 'dist'), { recursive: true, force: true });
renameSync(resolve(root, staging), resolve(root, 'dist'));
console.log('built dist/');
