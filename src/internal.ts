// The internal door: what the CLI (src/cli/) and the runner (src/runner/) use of the checker and
// the formatters beyond the public library. Not part of the package's exports; free to change.
export * from './index.js';
export { checkDocument } from './checker/check-source.js';
export { loadArtifact } from './checker/load.js';
export { readRegularFile } from './fs/read-file.js';
export { PLACEHOLDER } from './checker/harness-kind.js';
export { FILE_KINDS } from './checker/file-kind.js';
export { NoSuchPathError } from './checker/index.js';
export { parseRuleFlags } from './checker/rule-config.js';
export { withoutWarnings } from './checker/result.js';
export { pointerPlaces } from './json/positions.js';
export { resolveConfig } from './config.js';
export { checkNaming } from './check-with-config.js';
export { CHECK_OPTION_NAMING } from './checker/check-options.js';
export { escapeTerminal, stringifyJsonSafe } from './text/escape.js';
export { ruleMetas } from './formatters/index.js';
export { shownPath } from './fs/shown-path.js';
