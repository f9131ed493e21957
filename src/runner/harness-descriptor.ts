// Harness descriptors: load a built-in or a user's JSON file, check it (schema + template rules) with positions.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import validateHarness from './harness.generated.cjs';
import { checkJsonSource, type Finding } from '../internal.js';
import { UsageError } from '../errors.js';
import { nearestName } from '../suggest.js';
import { ARGV_PLACEHOLDERS, MODEL_ARG_PLACEHOLDERS, PLACEHOLDER } from './argv-template.js';
import type { ParserId } from './parsers/index.js';

/** How a round's text reaches the agent: the last argument, or its standard input. */
type PromptDelivery = 'argv' | 'stdin';

/** A checked harness descriptor (`schemas/harness.schema.json`). */
export interface HarnessDescriptor {
  name: string;
  description?: string;
  /** A command name looked up on PATH, or an absolute path. */
  executable: string;
  /**
   * "argv": the text is the template's last element `{prompt}` (one argument, so the OS's
   * per-argument limit applies); "stdin": the text is written to the agent's stdin and no
   * argument carries it. Always set after parsing (the schema's default is "argv").
   */
  prompt_via: PromptDelivery;
  /** Variables set in the agent's environment on every round, over the caller's. */
  env: Record<string, string>;
  /** CLI versions the descriptor is known to work with (what `--version` prints). */
  tested_versions?: string[];
  argv: string[];
  resume_argv: string[];
  model_args: string[];
  events_file: string;
  stderr_file: string;
  parser: ParserId;
  /** Where campaign stages a skill, relative to the task folder: `<skills_dir>/<name>/`. */
  skills_dir?: string;
  /** Folders (relative to the task folder and each folder above it) where the CLI finds project skills. */
  skill_search_dirs?: string[];
  /** The CLI's user-level skill folders, `~/<path>` or `$NAME/<path>`. */
  user_skills_dirs?: string[];
  /** Start the first session of a campaign alone (a CLI whose first start races when parallel). */
  serialize_first_start?: boolean;
  /** Where it came from: "built-in" or the descriptor file's path. */
  source: string;
}

/** Names of the descriptors shipped in `harnesses/`. */
export const builtInHarnessNames = ['claude-code', 'codex', 'opencode'] as const;

/** The package root: the nearest folder above this module that holds `harnesses/` and `schemas/`. */
function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'harnesses', 'claude-code.json')) && existsSync(join(dir, 'schemas'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('eval-magic: cannot find the bundled harnesses/ folder');
    dir = parent;
  }
}

/**
 * Loads the harness `nameOrPath`: a built-in name, or a descriptor file (resolved from `cwd`).
 * @throws {UsageError} naming file:line:column for an unreadable or invalid descriptor.
 */
export function loadHarness(nameOrPath: string, cwd: string = process.cwd()): HarnessDescriptor {
  const builtIn = (builtInHarnessNames as readonly string[]).includes(nameOrPath);
  const file = builtIn ? join(findPackageRoot(), 'harnesses', `${nameOrPath}.json`) : resolve(cwd, nameOrPath);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const suggestion = builtIn ? undefined : suggestBuiltIn(nameOrPath);
    throw new UsageError(
      `--harness ${JSON.stringify(nameOrPath)} is neither a built-in (${builtInHarnessNames.join(', ')}) nor a readable descriptor file: ${(error as Error).message}${suggestion ? `; did you mean ${suggestion}?` : ''}`,
    );
  }
  return parseHarnessDescriptor(text, builtIn ? 'built-in' : file);
}

/** The built-in meant by a mistyped name or by its executable's name (`claude` → claude-code). */
function suggestBuiltIn(name: string): string | undefined {
  const byExecutable = builtInHarnessNames.find((builtIn) => builtIn.startsWith(name) || loadHarness(builtIn).executable === name);
  return byExecutable ?? nearestName(name, builtInHarnessNames);
}

/**
 * Checks descriptor text and returns the descriptor; `source` is its file path (or "built-in").
 * @throws {UsageError} with the first problem's position; every problem is listed.
 */
export function parseHarnessDescriptor(text: string, source: string): HarnessDescriptor {
  // The checker's own stages and problem model: parse and schema errors, then the template rules,
  // each positioned; put into the UsageError's lines only here, at the end.
  const { problems, value } = checkJsonSource(text, { validate: validateHarness, documentName: 'The descriptor', check: (d) => findTemplateProblems(d as HarnessDescriptor) });
  if (problems.length > 0) {
    const lines = problems.map(({ ruleId, line, column, message }) => `${source}:${line}:${column}: ${ruleId === 'parse' ? 'harness descriptor is not valid JSON: ' : ''}${message}${ruleId === 'duplicate-key' ? ' (duplicate-key)' : ''}`);
    throw new UsageError(`invalid harness descriptor:\n${lines.join('\n')}`);
  }
  const parsed = value as Partial<HarnessDescriptor>;
  const descriptor = { ...parsed, prompt_via: parsed.prompt_via ?? 'argv', env: parsed.env ?? {}, source } as HarnessDescriptor;
  delete (descriptor as { $schema?: string }).$schema;
  if (descriptor.executable.includes('/') && !isAbsolute(descriptor.executable) && source !== 'built-in') {
    descriptor.executable = resolve(dirname(source), descriptor.executable);
  }
  return descriptor;
}

/** Rules the schema cannot say: where each placeholder may appear, and that {prompt} comes last. */
function findTemplateProblems(d: HarnessDescriptor): Finding[] {
  const problems: Finding[] = [];
  const report = (pointer: string, messageId: string, message: string) => problems.push({ ruleId: 'harness-template', messageId, message, severity: 2, pointer });
  const viaStdin = d.prompt_via === 'stdin';
  const check = (key: 'argv' | 'resume_argv' | 'model_args', allowed: readonly string[]) => {
    const template = d[key];
    template.forEach((element, i) => {
      for (const [, name] of element.matchAll(PLACEHOLDER)) {
        if (!allowed.includes(name!)) {
          report(`/${key}/${i}`, 'placeholder-not-allowed', `placeholder {${name}} is not allowed in ${key} (allowed: ${allowed.map((p) => `{${p}}`).join(', ')})`);
        }
      }
      if (element.includes('{model_args}') && element !== '{model_args}') {
        report(`/${key}/${i}`, 'model-args-not-whole', '{model_args} must be a whole element');
      }
      if (element.includes('{prompt}') && viaStdin) {
        report(`/${key}/${i}`, 'prompt-with-stdin', '{prompt} may not appear when prompt_via is "stdin" (the text goes to the agent\'s stdin)');
      } else if (element.includes('{prompt}') && (element !== '{prompt}' || i !== template.length - 1)) {
        report(`/${key}/${i}`, 'prompt-not-last', '{prompt} may appear only as the whole last element');
      }
    });
    if (key !== 'model_args') {
      if (!viaStdin && template[template.length - 1] !== '{prompt}') {
        report(`/${key}`, 'prompt-missing', `${key} must end with the element "{prompt}" (the round's text is passed verbatim as the last argument)`);
      }
      if (template.filter((e) => e === '{model_args}').length > 1) {
        report(`/${key}`, 'model-args-twice', `${key} may contain "{model_args}" only once`);
      }
    }
  };
  check('argv', ARGV_PLACEHOLDERS.filter((p) => p !== 'session_id'));
  check('resume_argv', ARGV_PLACEHOLDERS);
  check('model_args', MODEL_ARG_PLACEHOLDERS);
  if (!d.resume_argv.some((e) => e.includes('{session_id}'))) {
    report('/resume_argv', 'session-id-missing', 'resume_argv must pass {session_id}');
  }
  // The model flag goes on every round, so a harness that has one must place it in both templates.
  for (const key of ['argv', 'resume_argv'] as const) {
    if (d.model_args.length > 0 && !d[key].includes('{model_args}')) {
      report(`/${key}`, 'model-args-missing', `${key} must contain the element "{model_args}" because model_args is not empty`);
    }
  }
  if (d.events_file === d.stderr_file) {
    report('/stderr_file', 'same-stream-file', 'stderr_file must differ from events_file');
  }
  return problems;
}
