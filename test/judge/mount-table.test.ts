// What a judge reads in its own mount table (`df`, `mount`, /proc/self/mountinfo): each cover is
// named by its path there. A campaign's workspace given another name than .eval-magic (`--workspace
// runs`) was covered below itself, at runs/<skill> — a mount point named by the skill's name, always,
// in a packet blinded to it. Covered whole, as campaign covers it for its agents, it names nothing.
import assert from 'node:assert/strict';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { hidingSupport } from '../../src/process/containment.js';
import { judgedCampaign, verdict } from './judge-helpers.js';

const JUDGE = '# Grade one assertion';

/** The mount points of a mount table, as the kernel escapes them (space, tab, newline, backslash: \ooo). */
const mountPoints = (table: string): string[] =>
  table.split('\n').filter(Boolean).map((line) => line.split(' ')[4]!.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8))));

describe('judge: its mount table', () => {
  it('covers a workspace of any name whole: no mount point below it names the skill (runs/<skill> was one)', async (t) => {
    if ('reason' in (await hidingSupport())) return t.skip('no mounts here: nothing is covered');
    const c = await judgedCampaign({ runs: 1 });
    const workspace = join(c.ws.root, 'runs');
    renameSync(c.ws.workspace, workspace);
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], observe: true });
    const { result } = await c.judge({ paths: [workspace], evalIds: ['explain'] });
    assert.equal(result.records.length, 2);
    const calls = c.ws.calls().filter((call) => call.prompt.includes(JUDGE));
    assert.equal(calls.length, 2);
    for (const call of calls) {
      const points = mountPoints(call.observed!.mounts as string);
      assert.ok(points.includes(workspace), `the workspace is covered: ${points.join(', ')}`);
      const below = points.filter((point) => point.startsWith(`${workspace}/`));
      assert.deepEqual(below, [], `a mount point below the workspace, naming the skill ${c.skill}`);
    }
  });
});
