// Per-harness tool names: which tools write or patch files (transcript_check's `first_write`),
// and which load a skill (the invocation metric). Names as each harness's stream records them.

/** Write and patch tools by harness: Claude Code's own; Codex's `file_change` items; OpenCode's tools. */
const WRITE_TOOLS: Readonly<Record<string, readonly string[]>> = {
  'claude-code': ['Edit', 'MultiEdit', 'NotebookEdit', 'Write'],
  codex: ['file_change', 'apply_patch'],
  opencode: ['edit', 'multiedit', 'patch', 'write'],
};

/** Tools that load a skill by name: Claude Code's `Skill`, OpenCode's `skill` (Codex has none). */
export const SKILL_TOOLS: readonly string[] = ['Skill', 'skill'];

/**
 * The write vocabulary of `harness`. An unknown or unrecorded harness (a run without run.json)
 * gets every known harness's names: a write by any of them still ends the `first_write` window.
 */
export function writeTools(harness: string | undefined): ReadonlySet<string> {
  const known = harness === undefined ? undefined : WRITE_TOOLS[harness];
  return new Set(known ?? Object.values(WRITE_TOOLS).flat());
}
