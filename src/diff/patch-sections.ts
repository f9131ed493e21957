// A unified diff in the format diff.patch is written in (measure.ts: `diff --git a/<path> b/<path>`,
// the same path on both sides), taken apart by file: for a recorded diff.patch whose sections
// an older eval-magic wrote for files it would now leave out (workspace/run-diff.ts).

/** The line measure.ts ends a patch cut at its cap with. */
const CUT_MARKER = /^\[diff\.patch cut at \d+ bytes[^\n]*\n?$/m;

/** The sides of the change a section shows: the file as staged (`before`), as the run left it (`after`). */
export type PatchSide = 'before' | 'after';

/**
 * `patch` without the file sections `leftOut` says, given each section's path and the sides it
 * shows (a `new file mode` section the after side only, a `deleted file mode` one the before side
 * only, any other both): each section from its `diff --git` line to the next. A header whose two
 * paths differ (no diff measure.ts writes) names no path: its section is kept as written. The text
 * before the first section and the cut marker stay.
 */
export function patchWithout(patch: string, leftOut: (path: string, sides: readonly PatchSide[]) => boolean): string {
  const cut = CUT_MARKER.exec(patch);
  const body = cut === null ? patch : patch.slice(0, cut.index);
  const sections = body.split(/^(?=diff --git a\/)/m);
  const kept = sections.filter((section) => {
    const path = pathOf(section);
    return path === undefined || !leftOut(path, sidesOf(section));
  });
  return kept.join('') + (cut === null ? '' : patch.slice(cut.index));
}

/** The sides a section shows, by the line measure.ts writes after its header for a file on one side only. */
function sidesOf(section: string): readonly PatchSide[] {
  const second = section.split('\n', 2)[1] ?? '';
  return second.startsWith('new file mode ') ? ['after'] : second.startsWith('deleted file mode ') ? ['before'] : ['before', 'after'];
}

/**
 * The path of a section's `diff --git a/<path> b/<path>` line; undefined for text that is no
 * section or names two paths. A line ending in CR is read with and without it: a path may end in
 * one, and a diff.patch a tool rewrote with CRLF that run-diff.ts cannot read back (it held a CR
 * already, so which were line breaks is lost) ends every line so.
 */
function pathOf(section: string): string | undefined {
  if (!section.startsWith('diff --git a/')) return undefined;
  const end = section.indexOf('\n');
  const line = section.slice('diff --git '.length, end < 0 ? undefined : end);
  return pathIn(line) ?? (line.endsWith('\r') ? pathIn(line.slice(0, -1)) : undefined);
}

function pathIn(names: string): string | undefined {
  // `a/P b/P`: P is as long as half of what is left once the prefixes and the space go.
  if ((names.length - 5) % 2 !== 0 || names.length < 7) return undefined;
  const length = (names.length - 5) / 2;
  const [before, after] = [names.slice(2, 2 + length), names.slice(length + 5)];
  return names.slice(length + 2, length + 5) === ' b/' && before === after ? before : undefined;
}
