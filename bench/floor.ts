// The floor T and in-process Ajv: one Node process that finds, reads and JSON.parses the same
// artifacts as `eval-magic check` (and, with --ajv, validates each with one compiled validator).
// Bundled by bench/run.ts and run with plain node, so it starts as fast as a script can.
import { readFileSync, statSync } from 'node:fs';
import fg from 'fast-glob';

const args = process.argv.slice(2);
const withAjv = args[0] === '--ajv';
const paths = withAjv ? args.slice(1) : args;
// Compiled once at start, as a program embedding Ajv would (not counted as per-file work). Ajv
// is loaded only with --ajv, so the floor itself starts as lean as a script can.
const validate = withAjv ? await compileValidator() : undefined;

async function compileValidator() {
  const [{ default: Ajv }, { ajvOptions }, { default: schema }] = await Promise.all([
    import('ajv'),
    import('../scripts/ajv-options.js'),
    import('../schemas/conversation.schema.json', { with: { type: 'json' } }),
  ]);
  return new Ajv.default({ ...ajvOptions, code: {} }).compile(schema);
}

let invalid = 0;
for (const path of paths) {
  const files = statSync(path).isDirectory() ? fg.sync('**/conversation.json', { cwd: path, dot: true, absolute: true }) : [path];
  for (const file of files) {
    try {
      const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (validate && !validate(value)) invalid++;
    } catch {
      invalid++;
    }
  }
}
process.stdout.write(`${invalid} invalid\n`);
