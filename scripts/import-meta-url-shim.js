// Injected into the CommonJS executable by scripts/build.ts: import.meta.url for code written as ESM.
export const importMetaUrl = require('node:url').pathToFileURL(__filename).href;
