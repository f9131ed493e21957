// Which command-line elements of a harness name the run folder, and which of them a CLI may show
// the model (campaign refuses those) rather than only a process listing (`harness show` says so).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadHarness } from '../../src/runner/harness-descriptor.js';
import { describeWhatTheModelSees, runFolderExposures } from '../../src/runner/harness-exposure.js';

const codex = loadHarness('codex');
const withArgv = (argv: string[], extra: Partial<typeof codex> = {}) => ({ ...codex, argv, resume_argv: [], model_args: [], ...extra });

describe('run folder exposures of a harness', () => {
  it("built-in Codex: its --output-last-message file is in the command line only (ps), in both templates; Claude Code and OpenCode name no run folder", () => {
    assert.deepEqual(runFolderExposures(codex).map((e) => [e.at, e.flag, e.shownToModel]), [
      ['argv[11]', '--output-last-message', false],
      ['resume_argv[10]', '--output-last-message', false],
    ]);
    assert.deepEqual(runFolderExposures(loadHarness('claude-code')), []);
    assert.deepEqual(runFolderExposures(loadHarness('opencode')), []);
    const said = describeWhatTheModelSees(codex).join('\n');
    assert.match(said, /argv\[11\] "\{outputs_dir\}\/final-message\.md" \(after --output-last-message\) names a file the CLI writes in \{outputs_dir\}: .* not in the model's requests; in a campaign that is a folder beside the agent's whose path names nothing of the run/);
    assert.match(said, /working folder \(\{cwd\}\): <tmp>\/eval-magic-sessions-<uid>\/<random>\/<random>\/work/);
  });

  it('a file below the round folder, also as --flag=value, is no model exposure; the folder itself, or the path inside other text, is', () => {
    const cases: Array<[string, boolean]> = [
      ['{outputs_dir}/reply.md', false],
      ['--out={outputs_dir}/reply.md', false],
      ['{outputs_dir}/sub/reply.json', false],
      ['{outputs_dir}', true],
      ['{outputs_dir}/', true],
      ['--add-dir={outputs_dir}', true],
      ['Write your notes into {outputs_dir}/notes.md', true],
      ['{outputs_dir}/round-{round}.md', false],
      ['{outputs_dir}/a b.md', true],
      // Strictly below the round folder: a '.', '..' or empty segment names the folder, the run
      // or the arm (a file shared by every run of it) instead.
      ['{outputs_dir}/..', true],
      ['{outputs_dir}/.', true],
      ['{outputs_dir}/a/..', true],
      ['{outputs_dir}/./reply.md', true],
      ['{outputs_dir}//', true],
      ['{outputs_dir}//reply.md', true],
      ['{outputs_dir}/a//reply.md', true],
      ['--add-dir={outputs_dir}/..', true],
      ['--add-dir={outputs_dir}/.', true],
      ['{outputs_dir}/../../x.md', true],
      ['{outputs_dir}/../run-2/reply.md', true],
      ['--add-dir={outputs_dir}/x,{outputs_dir}', true],
      ['{outputs_dir}/{outputs_dir}', true],
      ['{outputs_dir}/a.md:{outputs_dir}', true],
      ['{outputs_dir}/..reply.md', false],
      ['{outputs_dir}/.hidden/reply.md', false],
    ];
    for (const [element, shown] of cases) {
      const [exposure] = runFolderExposures(withArgv(['exec', element, '{prompt}']));
      assert.equal(exposure?.shownToModel, shown, element);
    }
    const [flagged] = runFolderExposures(withArgv(['--add-dir', '{outputs_dir}', '{prompt}']));
    assert.deepEqual(flagged, { at: 'argv[1]', element: '{outputs_dir}', flag: '--add-dir', shownToModel: true });
    assert.match(describeWhatTheModelSees(withArgv(['--add-dir', '{outputs_dir}', '{prompt}'])).join('\n'), /which it may show the model: campaign refuses this harness/);
    const dotted = describeWhatTheModelSees(withArgv(['exec', '--add-dir={outputs_dir}/.', '{prompt}'])).join('\n');
    assert.match(dotted, /argv\[1\] "--add-dir=\{outputs_dir\}\/\." gives the CLI a folder's path, .* campaign refuses this harness/);
    assert.doesNotMatch(dotted, /names a file the CLI writes/);
    assert.deepEqual(runFolderExposures(withArgv(['exec', '--cd', '{cwd}', '{prompt}'])), [], '{cwd} is the neutral work folder');
    assert.deepEqual(runFolderExposures(withArgv(['{prompt}'], { model_args: ['--log', '{outputs_dir}'] })).map((e) => e.at), ['model_args[1]']);
  });
});
