// What a judgment's folder held before a session that replaces it (an earlier verdict no longer of
// its inputs, another judge's failed attempts): kept aside, as it was, until the session ends —
// put back when the user stops it (Ctrl-C puts back the record that stood), else let go.
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { JUDGMENT_FILE, RUN_LOCK_FILE } from '../workspace/layout.js';

/** The folder, inside the judgment's, the earlier files wait in; a command killed meanwhile leaves it, and the next one puts it back ({@link takeBackLeftAside}). */
export const SET_ASIDE_DIR = '.before-session';

/**
 * What a command killed while it moved a record into or out of {@link SET_ASIDE_DIR} left there, put
 * back (each entry not on top already) before the judgment is read again: cleared, a carried
 * record's attempt files went with it. Once both hold a judgment.json, the top one is the session's
 * (the move was done before it began): what it replaces is dropped, as the session's record stands.
 */
export async function takeBackLeftAside(dir: string): Promise<void> {
  const aside = join(dir, SET_ASIDE_DIR);
  const names = await readdir(aside).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)));
  if (names === undefined) return;
  const onTop = new Set(await readdir(dir));
  if (!(names.includes(JUDGMENT_FILE) && onTop.has(JUDGMENT_FILE))) {
    for (const name of names) if (!onTop.has(name)) await rename(join(aside, name), join(dir, name));
  }
  await rm(aside, { recursive: true, force: true });
}

/** Moves every entry of `dir` but its lock into {@link SET_ASIDE_DIR} (one left by a killed command was taken back before); each keeps its bytes, modes and times. */
export async function setAside(dir: string): Promise<void> {
  const aside = join(dir, SET_ASIDE_DIR);
  await rm(aside, { recursive: true, force: true });
  await mkdir(aside);
  for (const name of await readdir(dir)) if (name !== RUN_LOCK_FILE && name !== SET_ASIDE_DIR) await rename(join(dir, name), join(aside, name));
}

/** Puts back what {@link setAside} kept, if anything: `dir` must hold nothing else but its lock. */
export async function putBack(dir: string): Promise<void> {
  const aside = join(dir, SET_ASIDE_DIR);
  const names = await readdir(aside).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  for (const name of names) await rename(join(aside, name), join(dir, name));
  await rm(aside, { recursive: true, force: true });
}

/** Lets go of what {@link setAside} kept: the session replaced it. */
export async function letGo(dir: string): Promise<void> {
  await rm(join(dir, SET_ASIDE_DIR), { recursive: true, force: true });
}
