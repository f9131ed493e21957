// The gate regex dialect: Rust's `regex` crate itself (via rregex's WASM build), loaded lazily.
import { createRequire } from 'node:module';

/*
 * Engine: rregex 1.13.1 embeds regex 1.13.1 / regex-syntax 0.8.11 / regex-automata 0.4.16 (its
 * `metadata` export and the crate names inside rregex.wasm). The reference runner uses regex
 * 1.12.3 with Unicode on (spec §5); the syntax and matching rules are the same 1.x semantics.
 * `new RRegex(p)` is `Regex::new(p)` with default limits (10 MiB compiled-size limit), and
 * `isMatch` is `Regex::is_match`: an unanchored search, linear in the text.
 * Remaining difference: a JS string can hold lone surrogates, a Rust `&str` cannot. rregex's
 * TextEncoder turns them into U+FFFD, so in a *text* they match as U+FFFD (what a lossy UTF-8
 * read gives); in a *pattern* they would silently change its meaning, so we reject them.
 */

/** The slice of rregex we use; typed here so the lazy `require` stays type-safe. */
interface RRegexModule {
  RRegex: new (pattern: string) => { isMatch(text: string): boolean };
  /** The instance's exports: its linear memory tells how much it holds. */
  __wasm?: { memory?: WebAssembly.Memory };
}

let engine: RRegexModule | undefined;

/**
 * Memory one engine instance may reach before it is replaced. A WASM memory never shrinks, and
 * each pattern the engine refuses as too large leaves ~6 MB behind (measured: rregex 1.13.1),
 * so after a few hundred the instance hits the 4 GB ceiling and traps on every later call.
 * A fresh instance (its own module scope, loaded again) starts at ~16 MB; the old one is freed
 * once nothing compiled in it is left (the cache is cleared with it).
 */
const ENGINE_MEMORY_BUDGET = 256 * 1024 * 1024;

/**
 * Loads the WASM engine on first use. The CommonJS build instantiates synchronously (~10 ms,
 * 1 MB of WASM); the ESM build would do it with top-level await at import time, which every
 * `check` run would pay even when no evals.json is involved.
 */
function loadEngine(): RRegexModule {
  engine ??= createRequire(import.meta.url)('rregex') as RRegexModule;
  return engine;
}

/** Drops the engine instance and everything compiled in it; the next compile loads a fresh one. */
function replaceEngine(): void {
  const require = createRequire(import.meta.url);
  delete require.cache[require.resolve('rregex')];
  engine = undefined;
  cache.clear();
}

/** Bytes of linear memory the current engine instance holds (0 before the first compile); for diagnostics and tests. */
export function engineMemory(): number {
  return engine?.__wasm?.memory?.buffer.byteLength ?? 0;
}

/** A trap (out of memory, `unreachable` after a Rust abort) leaves the instance unusable: no regex message. */
function isEngineTrap(error: unknown): boolean {
  return error instanceof WebAssembly.RuntimeError || error instanceof RangeError;
}

/** A compiled gate regex. */
export interface GateRegex {
  /** The pattern as written in evals.json. */
  readonly source: string;
  /**
   * Unanchored search (Rust `is_match`). Linear in `text`. Throws {@link GateRegexError} only
   * if the engine itself fails (e.g. out of WASM memory on a text of hundreds of MB).
   */
  test(text: string): boolean;
}

/** The outcome of compiling a gate pattern: the regex, or Rust's compiler message. */
export type GateRegexCompileResult =
  | { ok: true; regex: GateRegex }
  | {
      ok: false;
      /** One line: Rust's error description plus where in the pattern it is. */
      message: string;
      /** Rust's own multi-line report (pattern excerpt with `^` markers), trimmed. */
      detail: string;
    };

/** A gate regex that cannot be compiled, or failed while matching; callers turn it into an abort. */
export class GateRegexError extends Error {
  override readonly name = 'GateRegexError';

  /** @param pattern the offending pattern; @param message a one-line explanation */
  constructor(
    readonly pattern: string,
    message: string,
  ) {
    super(message);
  }
}

// Patterns repeat across evals and gate replays; a small cache keeps recompiles off the hot path.
const CACHE_LIMIT = 256;
const cache = new Map<string, GateRegexCompileResult>();

/**
 * Compiles `pattern` with Rust `Regex::new` semantics. Never throws: an invalid pattern
 * (syntax error, lookaround, backreference, `\Z`, size limit, lone surrogate) gives
 * `{ok: false}` with Rust's message.
 */
export function compileGateRegex(pattern: string): GateRegexCompileResult {
  const cached = cache.get(pattern);
  if (cached) return cached;
  const result = compileUncached(pattern);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(pattern, result);
  return result;
}

function compileUncached(pattern: string): GateRegexCompileResult {
  if (/\p{Cs}/u.test(pattern)) {
    const message = 'the pattern contains a lone surrogate, which is not valid Unicode';
    return { ok: false, message, detail: message };
  }
  let compiled: { isMatch(text: string): boolean };
  try {
    compiled = compileInFreshEnoughEngine(pattern);
  } catch (error) {
    if (isEngineTrap(error)) {
      const message = `the regex engine failed while compiling this pattern (${error instanceof Error ? error.message : String(error)})`;
      return { ok: false, message, detail: message };
    }
    const detail = (error instanceof Error ? error.message : String(error)).trim();
    return { ok: false, message: summarizeRustError(detail), detail };
  }
  return {
    ok: true,
    regex: {
      source: pattern,
      test(text: string): boolean {
        try {
          return compiled.isMatch(text);
        } catch (error) {
          // A trapped instance fails every later call: the next compile gets a new one.
          if (isEngineTrap(error)) replaceEngine();
          const why = error instanceof Error ? error.message : String(error);
          throw new GateRegexError(pattern, `matching failed inside the regex engine: ${why}`);
        }
      },
    },
  };
}

/**
 * `new RRegex(pattern)` in an instance that is neither trapped nor over its memory budget. A
 * trap is retried once in a fresh instance (the trap may be an earlier pattern's doing); an
 * instance left over budget is replaced, and a pattern that compiled is compiled again in the new
 * one, so that no cached regex keeps the old instance's memory alive.
 */
function compileInFreshEnoughEngine(pattern: string): { isMatch(text: string): boolean } {
  let compiled: { isMatch(text: string): boolean };
  try {
    compiled = new (loadEngine().RRegex)(pattern);
  } catch (error) {
    const trapped = isEngineTrap(error);
    if (trapped || engineMemory() > ENGINE_MEMORY_BUDGET) replaceEngine();
    if (!trapped) throw error;
    try {
      return new (loadEngine().RRegex)(pattern);
    } catch (again) {
      if (isEngineTrap(again) || engineMemory() > ENGINE_MEMORY_BUDGET) replaceEngine();
      throw again;
    }
  }
  if (engineMemory() > ENGINE_MEMORY_BUDGET) {
    replaceEngine();
    compiled = new (loadEngine().RRegex)(pattern);
  }
  return compiled;
}

/**
 * Rust's parse errors look like "regex parse error:\n    <pattern>\n    ^^^\nerror: <what>";
 * multi-line patterns get numbered lines ("2: cd(") between `~~~` rules. We keep the
 * description and turn the first caret into a 1-based (line,) column counted in characters.
 */
export function summarizeRustError(detail: string): string {
  const lines = detail.split('\n');
  const errorLine = [...lines].reverse().find((l) => l.startsWith('error: '));
  if (!lines[0]?.startsWith('regex parse error') || errorLine === undefined) {
    return lines.map((l) => l.trim()).filter(Boolean).join(' ');
  }
  const description = errorLine.slice('error: '.length);
  const caretAt = lines.findIndex((l, i) => i > 0 && /^\s*\^/.test(l));
  if (caretAt < 2) return description;
  const excerpt = lines[caretAt - 1]!;
  const caretColumn = lines[caretAt]!.indexOf('^');
  const numbered = /^(\s*)(\d+): /.exec(excerpt);
  if (numbered) {
    const column = caretColumn - numbered[0].length + 1;
    return `${description} (pattern line ${numbered[2]}, column ${column})`;
  }
  return `${description} (pattern column ${caretColumn - 4 + 1})`;
}
