// The formatter registry: output format name → pure formatting function.
import type { Formatter } from './types.js';
import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatJunit } from './junit.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';

/** Every output format by name. Adding one: its module and one line here. */
export const formatters: Readonly<Record<string, Formatter>> = Object.freeze({
  github: formatGithub,
  json: formatJson,
  junit: formatJunit,
  sarif: formatSarif,
  stylish: formatStylish,
});

export type { Formatter, FormatterContext } from './types.js';
export { formatGithubSummary } from './github-summary.js';
