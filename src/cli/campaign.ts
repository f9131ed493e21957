// `eval-magic campaign`: its flags, its help, and the handler — the plan printed before any agent
// starts, progress as runs finish, the summary table; the work is the library's (src/campaign/).
import { constants as osConstants } from 'node:os';
import { shownPath } from '../fs/shown-path.js';
import { DEFAULT_JOBS, DEFAULT_WORKSPACE, describeCostCap, describePlan, describeRun, describeSummary, type CampaignProgress } from '../campaign/index.js';
import { failedRun } from '../campaign/report-text.js';
import { CAMPAIGN_OPTION_NAMING } from '../campaign/option-names.js';
import { runCampaignNaming } from '../campaign/run-campaign.js';
import { escapeTerminal, escapeTerminalLines } from '../text/escape.js';
import { builtInHarnessNames } from '../runner/harness-descriptor.js';
import { parseMaxEventsMb, parseNumberArgument } from '../runner/run-limits.js';
import { MAX_RETRIES } from '../workspace/layout.js';
import { LiveProgress } from './campaign-progress.js';
import type { CliCommand, CliIO } from './command.js';
import { listenForInterrupts } from './interrupts.js';

interface CampaignArgs {
  evals: string;
  harness: string;
  skill?: string;
  task?: string;
  workspace?: string;
  iteration?: string;
  runs?: string;
  jobs?: string;
  shard?: string;
  eval?: string[];
  baseline?: string;
  'baseline-ref'?: string;
  model?: string;
  'round-timeout'?: string;
  'max-events-mb'?: string;
  retries?: string;
  'keep-going'?: boolean;
  'max-cost'?: string;
}

/** `eval-magic campaign`. Exit codes: see `exitCodes`; bad input throws UsageError (exit 2) before anything runs. */
export const command: CliCommand<CampaignArgs> = {
  usage: 'campaign',
  describe: 'Run every eval with and without the skill, N runs each, each in its own task folder, several at once; resumable and shardable.',
  options: {
    evals: { type: 'string', required: true, requiresValue: true, description: 'The skill\'s evals.json.' },
    harness: { type: 'string', required: true, requiresValue: true, description: `${builtInHarnessNames.join(' | ')} | <descriptor file>` },
    skill: { type: 'string', requiresValue: true, description: 'The skill folder (with SKILL.md).', defaultDescription: 'the folder above evals/' },
    task: { type: 'string', requiresValue: true, description: 'Task template copied into every run.', defaultDescription: 'an empty folder' },
    workspace: { type: 'string', requiresValue: true, description: 'Where iterations go.', defaultDescription: DEFAULT_WORKSPACE },
    iteration: { type: 'string', numeric: true, requiresValue: true, description: 'Iteration number.', defaultDescription: 'the newest with the same plan, else the next' },
    runs: { type: 'string', numeric: true, requiresValue: true, description: 'Runs per condition (an eval\'s own "runs" wins).', defaultDescription: '1' },
    jobs: { type: 'string', numeric: true, requiresValue: true, description: 'Agents at once.', defaultDescription: String(DEFAULT_JOBS) },
    shard: { type: 'string', numeric: true, requiresValue: true, description: 'k/n: run the k-th of n disjoint shares of the runs.' },
    eval: { type: 'string', multiple: true, requiresValue: true, description: 'Run only this eval (repeatable).' },
    baseline: { type: 'string', requiresValue: true, description: 'A previous version of the skill: the arms become new_skill and old_skill.' },
    'baseline-ref': { type: 'string', requiresValue: true, description: 'The skill as it is at this commit (branch, tag, commit id) of its Git repository, read from Git, as the baseline (old_skill). Not with --baseline.' },
    model: { type: 'string', requiresValue: true, description: 'Model id passed to the agent on every round.' },
    'round-timeout': { type: 'string', numeric: true, requiresValue: true, description: 'Seconds a round may take (0: no limit).', defaultDescription: '1800' },
    'max-events-mb': { type: 'string', numeric: true, requiresValue: true, description: 'Most MiB a round may write to its events file.', defaultDescription: '256' },
    retries: { type: 'string', numeric: true, requiresValue: true, description: `Further attempts for a run whose agent failed (≤ ${MAX_RETRIES}).`, defaultDescription: '0' },
    'keep-going': { type: 'boolean', default: false, description: 'Go on starting runs when the first ones all fail with the same agent error, or one aborts on a full disk (by default no new run starts).' },
    'max-cost': { type: 'string', numeric: true, requiresValue: true, description: 'US dollars this command may spend: no run starts once its runs\' recorded cost reaches it (runs under way finish). Needs a harness that reports cost.' },
  },
  examples: [
    ['$0 campaign --evals csv-reports/evals/evals.json --harness claude-code --runs 5', 'Every eval with and without the skill, 5 runs each, 4 at a time'],
    ['$0 campaign --evals evals/evals.json --harness codex --baseline ../csv-reports-v1 --task fixtures/repo', 'The skill against its previous version, each run in a copy of fixtures/repo'],
    ['$0 campaign --evals evals/evals.json --harness claude-code --baseline-ref main --runs 4', 'The skill as it is now against the skill as committed on main'],
    ['$0 campaign --evals evals/evals.json --harness opencode --runs 10 --shard 2/4', 'The second of four shards (each machine runs one; merge the workspaces)'],
  ],
  exitCodes: `Exit codes:
  0  every run completed or stopped at a gate, with valid isolation (runs done before too, also when nothing was left to run; one under way in another command is left to it)
  1  a run aborted (see its run.json), a run's isolation was broken (its skill roster, the skill where every session finds it, a changed instruction file; also a run done before), the first runs all failed with the same agent error (no new run was started), --max-cost was reached, or every run to make is under way in another command and none is done
  2  usage error or bad input (nothing was run)
  130, 143, 129  stopped by SIGINT, SIGTERM or SIGHUP (finished runs are kept)`,
  run: runCampaignCommand,
};

async function runCampaignCommand(args: CampaignArgs, io: CliIO): Promise<number> {
  const live = io.stderr.isTTY ? new LiveProgress((text) => io.stderr.write(text), () => io.stderr.columns) : undefined;
  const interrupts = listenForInterrupts((signal) => {
    live?.pause();
    io.stderr.write(`eval-magic: ${signal}: stopping every agent; finished runs are kept (send it again to kill them at once)\n`);
  });
  const reporter = (p: CampaignProgress) => {
    if (p.kind === 'plan') {
      // The path is the user's and may hold a line break: it stays on the header's line.
      io.stdout.write(escapeTerminalLines(describePlan(p.plan, escapeTerminal(shownPath(io.cwd, p.plan.iterationDir)), CAMPAIGN_OPTION_NAMING.flags)) + '\n');
      live?.start(p.plan.pending);
    } else if (p.kind === 'run-finished') {
      const line = escapeTerminal(describeRun(p.run, p.record, p.doneElsewhere));
      if (live) live.finished(p.run, line, failedRun(p.record));
      else io.stderr.write(`[${p.finished}/${p.total}] ${line}\n`);
    } else if (p.kind === 'run-under-way') {
      // As the plan says one whose lock it saw: the holder makes it.
      const line = escapeTerminal(`${p.run.eval_id} ${p.run.condition} run-${p.run.run}: under way in another command, left to it: ${p.underWay}`);
      if (live) live.finished(p.run, line, false);
      else io.stderr.write(line + '\n');
    } else if (p.kind === 'run-retry') {
      const line = escapeTerminal(`${p.run.eval_id} ${p.run.condition} run-${p.run.run}: attempt ${p.attempt} failed (${p.reason}), trying again`);
      if (live) live.note(line);
      else io.stderr.write(line + '\n');
    } else if (p.kind === 'run-started') live?.started(p.run);
    else if (p.kind === 'agent' && p.progress.kind === 'round-started') live?.round(p.run, p.progress.round);
  };
  try {
    const result = await runCampaignNaming({
      evals: args.evals,
      harness: args.harness,
      baseDir: io.cwd,
      env: io.env,
      signal: interrupts.stop,
      killSignal: interrupts.kill,
      reporter,
      ...(args.skill !== undefined ? { skill: args.skill } : {}),
      ...(args.task !== undefined ? { task: args.task } : {}),
      ...(args.workspace !== undefined ? { workspace: args.workspace } : {}),
      ...(args.iteration !== undefined ? { iteration: parseNumberArgument('--iteration', args.iteration) } : {}),
      ...(args.runs !== undefined ? { runs: parseNumberArgument('--runs', args.runs) } : {}),
      ...(args.jobs !== undefined ? { jobs: parseNumberArgument('--jobs', args.jobs) } : {}),
      ...(args.shard !== undefined ? { shard: args.shard } : {}),
      ...(args.eval !== undefined ? { evalIds: args.eval } : {}),
      ...(args.baseline !== undefined ? { baseline: args.baseline } : {}),
      ...(args['baseline-ref'] !== undefined ? { baselineRef: args['baseline-ref'] } : {}),
      ...(args.model !== undefined ? { model: args.model } : {}),
      ...(args['round-timeout'] !== undefined ? { roundTimeoutSeconds: parseNumberArgument('--round-timeout', args['round-timeout']) } : {}),
      ...(args['max-events-mb'] !== undefined ? { maxEventsBytes: parseMaxEventsMb(args['max-events-mb']) } : {}),
      ...(args.retries !== undefined ? { retries: parseNumberArgument('--retries', args.retries) } : {}),
      ...(args['keep-going'] ? { keepGoing: true } : {}),
      ...(args['max-cost'] !== undefined ? { maxCostUsd: parseNumberArgument('--max-cost', args['max-cost']) } : {}),
    }, CAMPAIGN_OPTION_NAMING.flags);
    live?.stop();
    if (result.records.length > 0 || result.notStarted.length > 0) io.stdout.write(escapeTerminalLines(describeSummary(result)) + '\n');
    const signal = interrupts.received();
    if (result.stoppedEarly?.kind === 'same-agent-error') {
      io.stderr.write(escapeTerminal(`eval-magic: the first ${result.stoppedEarly.failed} runs all failed with the agent's error: ${result.stoppedEarly.reason}`) + '\n');
      io.stderr.write(`eval-magic: no further run was started (finished runs are kept); fix that and run the same command again, or pass --keep-going\n`);
    } else if (result.stoppedEarly?.kind === 'disk-full') {
      io.stderr.write(escapeTerminal(`eval-magic: no new run was started: the workspace's disk is full (${result.stoppedEarly.reason}). Free space, then run the same command again: the finished runs are kept, and the aborted ones are made again`) + '\n');
    }
    for (const record of result.skippedInvalid) {
      const run = { eval_id: record.eval_id, condition: record.condition, run: record.run };
      io.stderr.write(escapeTerminal(`eval-magic: ${run.eval_id} ${run.condition} run-${run.run}: done before with broken isolation: ${record.isolation.problems.map((p) => p.message).join('; ')}`) + '\n');
    }
    for (const { path, was, now } of result.instructionFilesChanged ?? []) {
      io.stderr.write(escapeTerminal(`eval-magic: ${result.plan.harness}'s instruction file ${path} changed during this campaign (was ${was}, now ${now}): ${result.plan.harness} puts it into the system prompt of every later session, of both arms, so every run that ended since is marked ISOLATION INVALID. eval-magic left it as it is: inspect it and remove what an agent wrote before the next campaign`) + '\n');
    }
    if (result.cost.capReached) io.stderr.write(`${describeCostCap(result, CAMPAIGN_OPTION_NAMING.flags)}\n`);
    const left = result.notStarted.length + result.records.filter((r) => r.status === 'aborted').length;
    if (signal && left > 0) io.stderr.write(`eval-magic: to finish, run the same command again: ${left} run${left === 1 ? '' : 's'} left\n`);
    // Every run left to other commands (seen at the plan or met at its lock since) and none done:
    // nothing to compare yet, as judge says of judgments.
    const underWay = (result.plan.underWay?.length ?? 0) + result.underWay.length;
    const nothingDone = result.records.length === 0 && result.plan.done === 0 && underWay > 0;
    if (nothingDone && !signal) io.stderr.write(`eval-magic: nothing was run and no run of this campaign is done: the ${underWay === 1 ? 'run' : `${underWay} runs`} to make ${underWay === 1 ? 'is' : 'are'} under way in another command; run the same command again after it ends\n`);
    const failed = result.records.some((r) => r.status === 'aborted' || !r.isolation.valid) || result.skippedInvalid.length > 0 || result.cost.capReached || nothingDone;
    return signal ? 128 + osConstants.signals[signal] : failed ? 1 : 0;
  } finally {
    live?.stop();
    interrupts.dispose();
  }
}
