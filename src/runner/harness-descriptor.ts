// Harness descriptors: load a built-in or a user's JSON file, check it as the checker's `harness`
// document kind (schema + template rules, checker/harness-kind.ts) with positions.
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDocument, loadArtifact, readRegularFile } from '../internal.js';
import { UsageError } from '../errors.js';
import { nearestName } from '../suggest.js';
import type { ParserId } from '../workspace/streams/index.js';

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
  /** The task's folders that are the harness's own (skills, config): no diff counts them. Default: skills_dir's first level. */
  harness_paths?: string[];
  /** Where campaign stages a skill, relative to the task folder: `<skills_dir>/<name>/`. */
  skills_dir?: string;
  /** Folders (relative to the task folder and each folder above it) where the CLI finds project skills. */
  skill_search_dirs?: string[];
  /** The CLI's user-level skill folders, `~/<path>` or `$NAME/<path>`. */
  user_skills_dirs?: string[];
  /**
   * The folders where the CLI keeps its sessions (`~/<path>`, `$NAME/<path>`, `/<path>`; `{uid}`
   * the user's id): where sessions are hidden from each other, each gets a private folder mounted
   * at each of them, kept across its own rounds (./session-stores.ts).
   */
  session_stores?: string[];
  /** Variables that move the rest of the store into the session's private folder (`{store}` its path), set only where the stores are mounted. */
  session_store_env?: Record<string, string>;
  /**
   * The CLI's user-level instruction files (written like `session_stores`), which it puts into the
   * system prompt of every session: where the stores are mounted, each that exists is bound
   * read-only onto itself, so no session leaves instructions there for a later one; one a session
   * creates is caught after the run (./session-stores.ts).
   */
  instruction_files?: string[];
  /**
   * The CLI's own config folders (written like `session_stores`), where it keeps its login and
   * rewrites it when it renews it: where each session's HOME is its own (an overlay on the real
   * one), each that exists under HOME is the real one in the session too, shared by every session
   * (../process/private-home.ts). None: all of HOME is each session's own.
   */
  config_folders?: string[];
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
 * `named`: how the message names the argument (`--harness`, or `harness show`'s `<harness>`).
 * @throws {UsageError} naming file:line:column for an unreadable or invalid descriptor.
 */
export function loadHarness(nameOrPath: string, cwd: string = process.cwd(), named = '--harness'): HarnessDescriptor {
  const builtIn = (builtInHarnessNames as readonly string[]).includes(nameOrPath);
  const file = builtIn ? join(findPackageRoot(), 'harnesses', `${nameOrPath}.json`) : resolve(cwd, nameOrPath);
  // The checker's read rule: a device or a FIFO named by --harness is refused, never read.
  const read = readRegularFile(file, 'a harness descriptor', { named: true });
  if (!read.ok) {
    const suggestion = builtIn ? undefined : suggestBuiltIn(nameOrPath);
    const why = read.message.replace(/\.$/, '');
    throw new UsageError(
      `${named} ${JSON.stringify(nameOrPath)} is neither a built-in (${builtInHarnessNames.join(', ')}) nor a readable descriptor file: ${why}${suggestion ? `; did you mean ${suggestion}?` : '.'}`,
    );
  }
  return parseHarnessDescriptor(read.bytes, builtIn ? 'built-in' : file);
}

/** The built-in meant by a mistyped name or by its executable's name (`claude` → claude-code). */
function suggestBuiltIn(name: string): string | undefined {
  const executables = new Map(builtInHarnessNames.map((builtIn) => [loadHarness(builtIn).executable, builtIn]));
  const byExecutable = builtInHarnessNames.find((builtIn) => builtIn.startsWith(name)) ?? executables.get(name);
  // A typo of a name or of an executable's name (`clude`): the nearest of both.
  const nearest = nearestName(name, [...builtInHarnessNames, ...executables.keys()]);
  return byExecutable ?? (nearest === undefined ? undefined : executables.get(nearest) ?? nearest);
}

/**
 * Checks descriptor text and returns the descriptor; `source` is its file path (or "built-in").
 * @throws {UsageError} with the first problem's position; every problem is listed.
 */
export function parseHarnessDescriptor(text: string | Uint8Array, source: string): HarnessDescriptor {
  // The checker's own pipeline and problem model: parse and schema errors, the template rules and
  // duplicate keys, each positioned; put into the UsageError's lines only here, at the end.
  const loaded = loadArtifact(text);
  const { messages: problems } = checkDocument('harness', { filePath: source, loaded });
  if (problems.length > 0 || !loaded.ok) {
    const lines = problems.map(({ ruleId, line, column, message }) => `${source}:${line}:${column}: ${ruleId === 'parse' ? 'harness descriptor is not valid JSON: ' : ''}${message}${ruleId === 'duplicate-key' ? ' (duplicate-key)' : ''}`);
    throw new UsageError(`invalid harness descriptor:\n${lines.join('\n')}`);
  }
  const parsed = loaded.value as Partial<HarnessDescriptor>;
  const descriptor = { ...parsed, prompt_via: parsed.prompt_via ?? 'argv', env: parsed.env ?? {}, source } as HarnessDescriptor;
  delete (descriptor as { $schema?: string }).$schema;
  if (descriptor.executable.includes('/') && !isAbsolute(descriptor.executable) && source !== 'built-in') {
    descriptor.executable = resolve(dirname(source), descriptor.executable);
  }
  return descriptor;
}
