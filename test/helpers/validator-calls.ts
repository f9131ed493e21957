// Counts the calls of a compiled schema validator (src/validators/*.generated.cjs) while a test
// runs: each call sets the function's `errors` once, on its one way out, so a setter there counts
// them without replacing the function every module imported. "Each record validated once per
// process" is then a number a test holds.
import assert from 'node:assert/strict';

interface Validator {
  (data: unknown): boolean;
  errors?: unknown;
}

/** Runs `during` with `validate`'s calls counted; gives how many there were. */
export async function validatorCalls(validate: Validator, during: () => unknown): Promise<number> {
  assert.ok(Object.getOwnPropertyDescriptor(validate, 'errors')?.set === undefined, 'already counted');
  let errors = validate.errors;
  let calls = 0;
  Object.defineProperty(validate, 'errors', {
    configurable: true,
    enumerable: true,
    get: () => errors,
    set: (value: unknown) => {
      calls += 1;
      errors = value;
    },
  });
  try {
    await during();
  } finally {
    delete validate.errors;
    validate.errors = errors;
  }
  return calls;
}
