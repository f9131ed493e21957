// The tables test/fake-agents/claude-respond.sh plays claude's rounds from, in the shell instead of a
// Node start-up of claude.js (~60 ms of CPU a session; the shell's ~10). A fake agent's script is
// written with its table beside it ("<script>.sh"); what the table cannot say exactly as claude.js
// would play it is left out, and claude.js plays it. The log lines the shell writes are read back here.
import { rmSync, writeFileSync } from 'node:fs';

/** Writes the fake agents' script, `{ respond }` or `{ rounds }`, and beside it the shell's table of what it can play (or none). */
export function writeAgentScript(scriptPath: string, script: { respond: Record<string, unknown> } | { rounds: Array<Record<string, unknown>> }): void {
  const text = JSON.stringify(script);
  writeFileSync(scriptPath, text);
  // A big script is claude.js's: sh reads the script a byte at a time, and parses the table slowly.
  const table = text.length > MAX_SCRIPT_CHARS ? undefined : 'respond' in script ? respondTable(script.respond) : roundsTable(script.rounds);
  if (table === undefined) rmSync(`${scriptPath}.sh`, { force: true });
  // fa_for: the script it is for (claude-respond.sh compares), so one written since by hand is not played from it.
  else writeFileSync(`${scriptPath}.sh`, [`fa_for=${quoted(text)}`, ...table, ''].join('\n'));
}

/** The longest script given a table (run-hostile-streams' megabyte rounds took the shell longer than Node). */
const MAX_SCRIPT_CHARS = 16_384;

/** A value as a sh word (single-quoted). */
const quoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * A respond of nothing but `ask` and a judge's verdicts, one text for each `when` (each text a JSON
 * string, as it goes into the stream); undefined for any other (test/fake-agents/respond.js plays it).
 */
function respondTable(respond: Record<string, unknown>): string[] | undefined {
  const entries = (respond.judge ?? []) as Array<{ when: string; texts: string[] }>;
  if (Object.keys(respond).some((key) => key !== 'judge' && key !== 'ask') || entries.some((entry) => entry.texts.length !== 1)) return undefined;
  const lines = entries.flatMap((entry, i) => [`fa_when_${i + 1}=${quoted(entry.when)}`, `fa_text_${i + 1}=${quoted(JSON.stringify(entry.texts[0]))}`]);
  return ['fa_kind=respond', `fa_ask=${respond.ask === true ? '1' : "''"}`, `fa_entries=${entries.length}`, ...lines];
}

/** Scripted rounds: each that writes no more than stdout lines and stderr, then exits, as its text; the others are claude.js's. */
function roundsTable(rounds: Array<Record<string, unknown>>): string[] {
  const lines = ['fa_kind=rounds'];
  rounds.forEach((round, i) => {
    const stdout = ((round.stdout ?? []) as unknown[]).map((line) => `${typeof line === 'string' ? line : JSON.stringify(line)}\n`).join('');
    const stderr = typeof round.stderr === 'string' ? round.stderr : '';
    const exit = round.exit ?? 0;
    const plain = Object.keys(round).every((key) => key === 'stdout' || key === 'stderr' || key === 'exit') && Number.isInteger(exit) && (exit as number) >= 0 && (exit as number) <= 255 && !`${stdout}${stderr}`.includes('\0');
    if (plain) lines.push(`fa_out_${i + 1}=${quoted(stdout)}`, `fa_err_${i + 1}=${quoted(stderr)}`, `fa_exit_${i + 1}=${exit as number}`);
  });
  return lines;
}

/** A log line as the tests read it: claude-respond.sh logs the prompt, and in respond mode the environment, in base64. */
export function fromAgentLog(logged: Record<string, unknown>): Record<string, unknown> {
  const { promptBase64, envBase64, ...call } = logged;
  if (typeof promptBase64 === 'string') call.prompt = Buffer.from(promptBase64, 'base64').toString('utf8');
  if (typeof envBase64 === 'string') {
    const entries = Buffer.from(envBase64, 'base64').toString('utf8').split('\0').slice(0, -1);
    call.env = Object.fromEntries(entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
  }
  return call;
}
