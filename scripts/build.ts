// Builds dist/: the executable, the CLI and the library bundled with esbuild (a small, fast start-up graph),
// plus type declarations from tsc. Run by `npm run build`; the validators are generated first.
import { execFileSync } from 'node:child_process';
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const root = resolve(fileURLToPath(import.meta.url), '../..');
// Build beside dist/ and swap at the end, so a test run reading dist/ never sees it half-built.
const staging = `dist.partial-${process.pid}`;
rmSync(resolve(root, staging), { recursive: true, force: true });
execFileSync(process.execPath, ['--import', 'tsx', resolve(root, 'scripts/build-validators.ts')], { cwd: root, stdio: 'inherit' });

const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };

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

const shared: BuildOptions = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  // rregex loads its WASM file from beside its own module, so it stays a real dependency.
  external: ['rregex'],
  // Prefer ESM builds: jsonc-parser's UMD build hides its requires from the bundler.
  mainFields: ['module', 'main'],
  define: { EVAL_MAGIC_VERSION: JSON.stringify(version) },
  plugins: [jsoncParserHasNoSideEffects],
  // Every start compiles the bundle first, and a smaller one compiles sooner. Names are not kept
  // (keepNames made a one-file check ~10 % slower): error classes set their own `name`, and
  // --debug stacks are mapped back to src/ through the source maps.
  minify: true,
  // Read only under --debug (bin.ts enables them), to map stacks to src/ lines; without the
  // sources' text the maps are a fraction of the size (docs/performance.md has both measured).
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
};

// The library, the full (yargs) command line and the worker-thread entries: ESM, split into
// shared chunks. worker-pool.ts loads check-worker.js from beside its own chunk.
await build({
  ...shared,
  entryPoints: { index: 'src/index.ts', compare: 'src/compare/index.ts', cli: 'src/cli.ts', 'check-worker': 'src/checker/engine/check-worker.ts' },
  outdir: staging,
  splitting: true,
  format: 'esm',
  // Bundled CommonJS dependencies (ajv, yargs helpers) still call require(); give them one.
  banner: { js: "import { createRequire as __emCreateRequire } from 'node:module'; const require = __emCreateRequire(import.meta.url);" },
});

// The executable: one CommonJS file. A one-file pre-commit run is mostly Node's start-up, and
// CommonJS loads faster than ES modules (no module graph to link, no per-builtin ESM facade).
// Anything beyond a plain check imports the ESM cli.js above; glob libraries stay lazy imports
// of the installed packages.
await build({
  ...shared,
  entryPoints: { bin: 'src/bin.ts' },
  outdir: staging,
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  external: [...(shared.external ?? []), './cli.js', 'fast-glob', 'picomatch'],
  define: { ...shared.define, 'import.meta.url': 'importMetaUrl' },
  inject: ['scripts/import-meta-url-shim.js'],
});

execFileSync(process.execPath, [resolve(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', staging], { cwd: root, stdio: 'inherit' });
rmSync(resolve(root, 'dist'), { recursive: true, force: true });
renameSync(resolve(root, staging), resolve(root, 'dist'));
console.log('built dist/');
