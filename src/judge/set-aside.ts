// What a judgment's folder held before a session that replaces it (an earlier verdict no longer of
// its inputs, another judge's failed attempts): kept aside, as it was, until the session ends —
// put back when the user stops it (Ctrl-C puts back the record that stood), else let go.
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { RUN_LOCK_FILE } from '../workspace/layout.js';

/** The folder, inside the judgment's, the earlier files wait in; a command killed meanwhile leaves it, and the next one clears it with the rest. */
export const SET_ASIDE_DIR = '.before-session';

/** Moves every entry of `dir` but its lock (and an aside left by a killed command, dropped) into {@link SET_ASIDE_DIR}; each keeps its bytes, modes and times. */
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
