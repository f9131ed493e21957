// A module of the sources as one plain JavaScript file, for a child process to import with bare
// `node`: tsx in a child costs ~0.25 CPU-seconds to start and compile (more when its cache is
// cold, seconds under load), esbuild's bundle ~0.05 once. Bundled as scripts/run-tests.ts bundles
// the tests: packages stay imports, so the file sits under node_modules/ where they resolve.
import { buildSync } from 'esbuild';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; 'eval-magic'?: { docsBaseUrl?: string } };
let folder: string | undefined;

/** The path of `source` (a .ts file under src/, absolute) bundled into one ES module, made once per test process and removed when it exits. */
export function bundledModule(source: string): string {
  if (folder === undefined) {
    const cache = join(root, 'node_modules/.cache/eval-magic-tests');
    mkdirSync(cache, { recursive: true });
    const made = mkdtempSync(join(cache, 'modules-'));
    // Open to read, as the sources are: a test's child may run as a regular user (test/helpers/regular-user.ts).
    chmodSync(made, 0o755);
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
    folder = made;
  }
  const out = join(folder, basename(source).replace(/\.ts$/, '.mjs'));
  buildSync({
    entryPoints: [source],
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // As scripts/build.ts writes them in: from here, the sources' require('../package.json') would miss.
    define: { EVAL_MAGIC_VERSION: JSON.stringify(manifest.version), EVAL_MAGIC_DOCS_BASE_URL: JSON.stringify(manifest['eval-magic']?.docsBaseUrl ?? '') },
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return out;
}
