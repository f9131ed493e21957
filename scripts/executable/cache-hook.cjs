// Loaded with `node --require` by scripts/build.ts while it runs the staged executable on the
// fixtures: at exit it writes V8's code cache of the bundle, holding every function the check
// compiled, beside the executable (dist/executable.v8-cache), or records whether V8 accepted the
// cache it was given.
'use strict';
const { writeFileSync } = require('node:fs');
const { join, dirname } = require('node:path');

globalThis[Symbol.for('eval-magic.executable-script')] = (script) => {
  const out = join(dirname(process.argv[1]), 'executable.v8-cache');
  process.on('exit', () => {
    if (process.env.EVAL_MAGIC_CACHE_HOOK === 'verify') {
      writeFileSync(`${out}.rejected`, String(script.cachedDataRejected));
    } else {
      writeFileSync(out, script.createCachedData());
    }
  });
};
