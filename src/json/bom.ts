// A UTF-8 byte order mark before a JSON text: RFC 8259 §8.1 forbids one. check (checker/load.ts)
// and the record reader (workspace/record-file.ts) say it in these words, so both name it alike.

export const BOM = '\uFEFF';

/** What is wrong, after "File" (check's sentence) or "the file" (a record's problem). */
export const BOM_WORDS = 'starts with a UTF-8 byte order mark; JSON artifacts must not (RFC 8259 §8.1), and strict readers reject it';
