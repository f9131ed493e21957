// Builds dist/: the CLI and the library bundled with esbuild (a small, fast start-up graph),
// plus type declarations from tsc. Run by `npm run build`; the validators are generated first.
import { execFileSync } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(fileURLToPath(import.meta.url), '../..');
// Build beside dist/ and swap at the end, so a test run reading dist/ never sees it half-built.
const staging = `dist.partial-${process.pid}`;
rmSync(resolve(root, staging), { recursive: true, force: true });
execFileSync(process.execPath, ['--import', 'tsx', resolve(root, 'scripts/build-validators.ts')], { cwd: root, stdio: 'inherit' });

await build({
  // check-worker: the worker-thread entry; worker-pool.ts loads it from beside its own chunk.
  entryPoints: { bin: 'src/bin.ts', index: 'src/index.ts', 'check-worker': 'src/checker/check-worker.ts' },
  absWorkingDir: root,
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // rregex loads its WASM file from beside its own module, so it stays a real dependency.
  external: ['rregex'],
  // Prefer ESM builds: jsonc-parser's UMD build hides its requires from the bundler.
  mainFields: ['module', 'main'],
  // Bundled CommonJS dependencies (ajv, yargs helpers) still call require(); give them one.
  banner: { js: "import { createRequire as __emCreateRequire } from 'node:module'; const require = __emCreateRequire(import.meta.url);" },
  sourcemap: 'linked',
  logLevel: 'warning',
});

execFileSync(process.execPath, [resolve(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', staging], { cwd: root, stdio: 'inherit' });
rmSync(resolve(root, 'dist'), { recursive: true, force: true });
renameSync(resolve(root, staging), resolve(root, 'dist'));
console.log('built dist/');
