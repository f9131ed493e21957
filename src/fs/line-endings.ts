// Git's line-ending conversion (core.autocrlf, Git for Windows' default) writes a text file's LF as
// CRLF on checkout: a file it converted is still the file a record was made of. The one rule every
// reader tolerates it by: each CRLF is read as LF; a lone CR, or any other byte, is still a change.
import type { Hash } from 'node:crypto';

const CR = 0x0d;
const LF = 0x0a;
const CR_BYTE = Uint8Array.of(CR);

/** sha256 of bytes given in pieces, each CRLF read as LF: a CR ending one piece waits for the next. */
export class LfSha256 {
  readonly #hash: Hash;
  #pendingCr = false;

  /** `hash`: a sha256 already fed the bytes before (which held no CR), as `Hash.copy()` gives it. */
  constructor(hash: Hash = process.getBuiltinModule('node:crypto').createHash('sha256')) {
    this.#hash = hash;
  }

  update(piece: Uint8Array): this {
    if (piece.length === 0) return this;
    let start = 0;
    if (this.#pendingCr) {
      this.#pendingCr = false;
      if (piece[0] !== LF) this.#hash.update(CR_BYTE);
    }
    for (let at = piece.indexOf(CR); at !== -1; at = piece.indexOf(CR, at + 1)) {
      if (at === piece.length - 1) {
        this.#hash.update(piece.subarray(start, at));
        this.#pendingCr = true;
        return this;
      }
      if (piece[at + 1] === LF) {
        this.#hash.update(piece.subarray(start, at));
        start = at + 1;
      }
    }
    this.#hash.update(piece.subarray(start));
    return this;
  }

  /** The digest, as hex. */
  digest(): string {
    if (this.#pendingCr) this.#hash.update(CR_BYTE);
    return this.#hash.digest('hex');
  }
}

/** sha256 of `bytes` with each CRLF read as LF, as hex. */
export function lfSha256(bytes: Uint8Array): string {
  return new LfSha256().update(bytes).digest();
}

/** Whether `piece` holds a CR: until one does, a file's bytes and their LF reading are the same. */
export function holdsCr(piece: Uint8Array): boolean {
  return piece.includes(CR);
}
