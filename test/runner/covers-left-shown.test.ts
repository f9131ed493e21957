// Which folders a session's namespace leaves shown, and why: the plan's word for the runner's rule
// (coversAround), asked before any session starts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { coversLeftShown } from '../../src/runner/agent-process.js';

describe('coversLeftShown', () => {
  const sessions = '/no-such/tmp/eval-magic-sessions-1000';
  const env = { HOME: '/no-such/home/u', CODEX_HOME: '/no-such/skill/.codex', PATH: '/usr/bin' };

  it('names each folder that holds what the session needs, with the first such path; the others are covered', () => {
    const shown = coversLeftShown(['/no-such/ws', '/no-such/skill', '/no-such/skill/evals', '/no-such/home', '/no-such/tool'], sessions, env, '/no-such/tool/bin/claude');
    assert.deepEqual(shown, [
      { folder: '/no-such/skill', holds: { what: 'cli-folder', path: '/no-such/skill/.codex', variable: 'CODEX_HOME' } },
      { folder: '/no-such/home', holds: { what: 'home', path: '/no-such/home/u' } },
      { folder: '/no-such/tool', holds: { what: 'program', path: '/no-such/tool/bin/claude' } },
    ]);
  });

  it("a folder holding the sessions' own folders (a workspace that is the temporary folder) is shown, once however often it is named", () => {
    assert.deepEqual(coversLeftShown(['/no-such/tmp', '/no-such/tmp'], sessions, env, '/usr/bin/claude'), [{ folder: '/no-such/tmp', holds: { what: 'sessions', path: sessions } }]);
  });
});
