#!/usr/bin/env node
// eval-magic's executable: runs dist/executable.cjs (the command line and `check`, one CommonJS
// bundle) with V8's code cache made at build time, so a one-file check does not compile the
// bundle's functions anew on every start (docs/performance.md, "A one-file check"). A Node whose
// V8 rejects the cache (another version, other V8 flags) compiles the bundle as it would anyway.
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { Script } = require('node:vm');

const file = join(__dirname, 'executable.cjs');
let cachedData;
try {
  cachedData = readFileSync(join(__dirname, 'executable.v8-cache'));
} catch {
  // No cache beside the executable (a build that could not make one): compile as usual.
}
const script = new Script(readFileSync(file, 'utf8'), { filename: file, cachedData });
// Set only by the build (scripts/executable/cache-hook.cjs), which saves the cache at exit.
const hook = globalThis[Symbol.for('eval-magic.executable-script')];
if (typeof hook === 'function') hook(script);
// Code run by vm.Script cannot import() on its own: the bundle's dynamic imports (the other
// commands, ESM-only packages) go through this module, which sits beside it in dist/.
script.runInThisContext()(exports, require, module, file, __dirname, (specifier) => import(specifier));
