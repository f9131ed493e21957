// This package's version, for --version, reports and the library.
import { createRequire } from 'node:module';

/** Written in by the build (scripts/build.ts); undefined when the source runs unbundled. */
declare const EVAL_MAGIC_VERSION: string | undefined;

/** This package's version, as published. The build writes it in, so no start reads package.json. */
export const toolVersion: string =
  typeof EVAL_MAGIC_VERSION === 'string' ? EVAL_MAGIC_VERSION : (createRequire(import.meta.url)('../package.json') as { version: string }).version;
