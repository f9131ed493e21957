// The descriptors a child would inherit besides its stdio. Node opens its own with close-on-exec
// and marks the lowest ones it was given so at its start, but a higher one the caller left open
// (`exec 200>>campaign.log`, a CI runner's pipe) would reach every agent: naming the workspace,
// and writing into it. Each is given to the child as /dev/null instead.
import { openSync, readdirSync, readFileSync } from 'node:fs';
import type { StdioOptions } from 'node:child_process';

/** O_CLOEXEC as /proc/<pid>/fdinfo writes it (octal flags). */
const CLOSE_ON_EXEC = 0o2000000;

let inherited: number[] | undefined;
let devNull: number | undefined;

/**
 * The descriptors above 2 this process holds without close-on-exec (Linux; elsewhere none is
 * known). Looked up once: Node opens every descriptor of its own with close-on-exec, so only
 * ones given at the start can be such.
 */
function descriptorsChildrenInherit(): readonly number[] {
  if (inherited) return inherited;
  inherited = [];
  if (process.platform !== 'linux') return inherited;
  let names: string[];
  try {
    names = readdirSync('/proc/self/fdinfo');
  } catch {
    return inherited;
  }
  for (const name of names) {
    const fd = Number(name);
    if (!Number.isInteger(fd) || fd <= 2) continue;
    try {
      const flags = /^flags:\s*([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${name}`, 'latin1'))?.[1];
      if (flags !== undefined && (Number.parseInt(flags, 8) & CLOSE_ON_EXEC) === 0) inherited.push(fd);
    } catch {
      // The listing's own descriptor, closed by now.
    }
  }
  return inherited;
}

/** `stdio` with /dev/null at each other descriptor the child would inherit from this process. */
export function withoutInheritedDescriptors<T extends Extract<StdioOptions, unknown[]>>(stdio: T): T {
  const extra = descriptorsChildrenInherit().filter((fd) => fd >= stdio.length);
  if (extra.length === 0) return stdio;
  devNull ??= openSync('/dev/null', 'r+');
  const out: Extract<StdioOptions, unknown[]> = [...stdio];
  for (const fd of extra) {
    while (out.length < fd) out.push('ignore');
    out[fd] = devNull;
  }
  // The entries the caller gave keep their places: only ones past them are added.
  return out as T;
}
