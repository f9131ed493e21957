// How much text one exec can carry on this system: per argument and in total (argv + environment).
import { readFileSync } from 'node:fs';
import { endianness } from 'node:os';

/** The limits of one exec; undefined where the platform has none or we cannot tell. */
export interface ExecLimits {
  /** Largest argument in bytes, its terminating NUL included (Linux: MAX_ARG_STRLEN). */
  maxArgBytes?: number;
  /** Largest total of argument and environment strings (each with its NUL) plus their pointers. */
  maxTotalBytes?: number;
  /** Size of one argv/envp pointer, counted against the total. */
  pointerBytes: number;
  /** Where the numbers come from, for messages. */
  source: string;
}

/** Linux's floor for the total (ARG_MAX in the kernel headers: 32 pages of 4 KiB). */
const LINUX_MIN_TOTAL = 32 * 4096;
/** Linux caps the total at 3/4 of the 8 MiB default stack (_STK_LIM / 4 * 3) whatever the rlimit. */
const LINUX_MAX_TOTAL = (8 * 1024 * 1024 / 4) * 3;
const AT_PAGESZ = 6n;

let cached: ExecLimits | undefined;

/**
 * This system's limits, read once. Linux: MAX_ARG_STRLEN is 32 pages (page size from the
 * auxiliary vector) and the total is a quarter of the stack rlimit, between 128 KiB and 6 MiB,
 * as fs/exec.c computes them. macOS: ARG_MAX, 1 MiB, for everything. Windows: a command line
 * of 32,767 UTF-16 units, counted here as bytes (an overestimate only for non-ASCII text).
 */
export function execLimits(): ExecLimits {
  cached ??= readExecLimits();
  return cached;
}

function readExecLimits(): ExecLimits {
  const pointerBytes = ['ia32', 'arm', 'mips', 'mipsel', 'ppc'].includes(process.arch) ? 4 : 8;
  switch (process.platform) {
    case 'linux': {
      const page = linuxPageSize() ?? 4096;
      const stack = linuxStackLimit();
      const total = Math.max(LINUX_MIN_TOTAL, Math.min(LINUX_MAX_TOTAL, stack === undefined ? LINUX_MAX_TOTAL : Math.floor(stack / 4)));
      return { maxArgBytes: 32 * page, maxTotalBytes: total, pointerBytes, source: `Linux: MAX_ARG_STRLEN = 32 pages of ${page} bytes; total = stack limit / 4` };
    }
    case 'darwin':
      return { maxTotalBytes: 1024 * 1024, pointerBytes, source: 'macOS ARG_MAX' };
    case 'win32':
      return { maxTotalBytes: 32767, pointerBytes: 0, source: 'the Windows command-line limit' };
    default:
      return { pointerBytes, source: `${process.platform}: limits unknown, not checked` };
  }
}

/** AT_PAGESZ from /proc/self/auxv: (type, value) pairs of native words. */
function linuxPageSize(): number | undefined {
  try {
    const auxv = readFileSync('/proc/self/auxv');
    const word = ['ia32', 'arm', 'mips', 'mipsel', 'ppc'].includes(process.arch) ? 4 : 8;
    const little = endianness() === 'LE';
    const read = (offset: number): bigint =>
      word === 8
        ? little ? auxv.readBigUInt64LE(offset) : auxv.readBigUInt64BE(offset)
        : BigInt(little ? auxv.readUInt32LE(offset) : auxv.readUInt32BE(offset));
    for (let offset = 0; offset + 2 * word <= auxv.length; offset += 2 * word) {
      const type = read(offset);
      if (type === 0n) break;
      if (type === AT_PAGESZ) return Number(read(offset + word));
    }
  } catch {
    // No /proc: fall back to the common 4 KiB.
  }
  return undefined;
}

/** The soft stack rlimit in bytes from /proc/self/limits; undefined when unlimited or unknown. */
function linuxStackLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max stack size'));
    const soft = line?.slice('Max stack size'.length).trim().split(/\s+/)[0];
    return soft && /^\d+$/.test(soft) ? Number(soft) : undefined;
  } catch {
    return undefined;
  }
}
