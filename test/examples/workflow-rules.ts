// What the sharded campaign workflow must get right beyond GitHub's schema: every shard once,
// one artifact per shard, a merge of all of them into the workspace, and eval-magic command
// lines whose paths can never be read as flags.
import picomatch from 'picomatch';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  strategy?: { matrix?: Record<string, unknown> };
  steps?: Step[];
}
interface Workflow {
  env?: Record<string, string>;
  jobs?: Record<string, Job>;
}

/** The eval-magic invocations of a `run:` script: the command and its words (quotes kept). */
function evalMagicCommands(script: string): Array<{ command: string; words: string[] }> {
  const words = script.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? [];
  const found: Array<{ command: string; words: string[] }> = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] !== 'eval-magic') continue;
    const rest: string[] = [];
    for (let j = i + 2; j < words.length && !['&&', '||', ';', '|'].includes(words[j]!); j++) rest.push(words[j]!);
    found.push({ command: words[i + 1] ?? '', words: rest });
  }
  return found;
}

const jobRunning = (jobs: Record<string, Job>, command: string) =>
  Object.entries(jobs).find(([, job]) => (job.steps ?? []).some((s) => s.run && evalMagicCommands(s.run).some((c) => c.command === command)));

/** Every problem found, as one line each; [] when the workflow is right. */
export function workflowProblems(workflow: Workflow): string[] {
  const problems: string[] = [];
  const jobs = workflow.jobs ?? {};
  const campaign = jobRunning(jobs, 'campaign');
  const compare = jobRunning(jobs, 'compare');
  if (!campaign || !compare) return ['the workflow needs a job running eval-magic campaign and one running eval-magic compare'];
  const [campaignId, campaignJob] = campaign;
  const [, compareJob] = compare;
  const workspace = workflow.env?.WORKSPACE;
  if (!workspace) problems.push('the workflow sets no WORKSPACE');

  // The matrix: shards 1..N, N as the command line says.
  const shards = campaignJob.strategy?.matrix?.shard;
  const total = Number(workflow.env?.SHARDS);
  const expected = Array.from({ length: total }, (_, i) => i + 1);
  if (!Array.isArray(shards) || JSON.stringify([...shards].sort((a, b) => a - b)) !== JSON.stringify(expected)) {
    problems.push(`matrix shards ${JSON.stringify(shards)} are not 1..${total} (SHARDS)`);
  }
  const steps = campaignJob.steps ?? [];
  const campaignStep = steps.find((s) => s.run && evalMagicCommands(s.run).some((c) => c.command === 'campaign'))!;
  const campaignWords = evalMagicCommands(campaignStep.run!).find((c) => c.command === 'campaign')!.words;
  if (campaignStep.env?.SHARD !== '${{ matrix.shard }}' || !campaignWords.includes('--shard="$SHARD/$SHARDS"')) {
    problems.push('the campaign step does not pass --shard="$SHARD/$SHARDS" with SHARD set to ${{ matrix.shard }}');
  }
  if (!campaignWords.includes('--workspace="$WORKSPACE"')) problems.push('the campaign step does not write to --workspace="$WORKSPACE"');

  // One artifact per shard, holding the whole workspace (a dot-folder).
  const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
  const uploadName = String(upload?.with?.name ?? '');
  if (!upload) problems.push('the campaign job uploads no artifact');
  else {
    if (!uploadName.includes('${{ matrix.shard }}')) problems.push(`upload name ${JSON.stringify(uploadName)} does not differ per shard: the shards would overwrite one artifact`);
    if (upload.with?.path !== '${{ env.WORKSPACE }}') problems.push(`the upload's path ${JSON.stringify(upload.with?.path)} is not the workspace`);
    if (upload.with?.['include-hidden-files'] !== true) problems.push('the upload leaves out hidden files (include-hidden-files: true), so the .eval-magic workspace and staged skills would be missing');
  }

  // The merge: after every shard, all artifacts into the workspace.
  const needs = [compareJob.needs ?? []].flat();
  if (!needs.includes(campaignId)) problems.push('the compare job does not need the campaign job, so it can start before the shards finish');
  const download = (compareJob.steps ?? []).find((s) => s.uses?.startsWith('actions/download-artifact@'));
  if (!download) problems.push('the compare job downloads no artifact');
  else {
    if (download.with?.['merge-multiple'] !== true) problems.push('the download does not merge-multiple: each shard would land in a folder of its own');
    if (download.with?.path !== '${{ env.WORKSPACE }}') problems.push(`the download's path ${JSON.stringify(download.with?.path)} is not the workspace`);
    const pattern = String(download.with?.pattern ?? '');
    const names = expected.map((k) => uploadName.replace('${{ matrix.shard }}', String(k)));
    const missed = names.filter((n) => !pattern || !picomatch.isMatch(n, pattern));
    if (missed.length > 0) problems.push(`the download pattern ${pattern || '(none)'} does not match ${missed.join(', ')}`);
  }

  // Command lines: every option as --name=value, every path after `--`; values only through the
  // environment, never an expression spliced into the script (a branch name or input could inject).
  for (const job of Object.values(jobs)) {
    for (const step of job.steps ?? []) {
      if (step.run?.includes('${{')) problems.push(`step ${JSON.stringify(step.name ?? step.run)} splices an expression into its script; pass it through env`);
      for (const { command, words } of evalMagicCommands(step.run ?? '')) {
        const end = words.indexOf('--');
        for (const word of end < 0 ? words : words.slice(0, end)) {
          if (!/^--[\w-]+=/.test(word)) problems.push(`eval-magic ${command}: ${/^["']/.test(word) ? word : JSON.stringify(word)} comes before --`);
        }
        if (['check', 'compare'].includes(command) && (end < 0 || !words.slice(end + 1).includes('"$WORKSPACE"'))) problems.push(`eval-magic ${command}: the workspace is not given after --`);
      }
    }
  }
  return problems;
}
