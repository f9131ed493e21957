// The formatter registry: output format name → pure formatting function.
import type { Formatter } from './types.js';
import { formatJson } from './json.js';
import { formatStylish } from './stylish.js';

/** Every output format by name. Adding one: its module and one line here. */
export const formatters: Readonly<Record<string, Formatter>> = Object.freeze({
  json: formatJson,
  stylish: formatStylish,
});

export type { Formatter, FormatterContext } from './types.js';
