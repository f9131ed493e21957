// Drives one eval through its scripted conversation: round 1, then one resumed round per delivered follow-up.
import type { EvalCase } from '../evals/types.js';
import { appendRound, finishConversation, nextFollowup, startConversation, type ConversationState } from './conversation.js';
import { ArtifactRejectedError, removeEarlierRunsFiles, writeConversationArtifact, writeFinalMessage } from './artifact-writer.js';
import type { AbortReason, RunReporter, RunResult } from './progress.js';
import { UnsafeOutputError } from '../fs/safe-write.js';
import { ensureRealFolders } from '../fs/folders.js';
import { JsonTooLongError, nestingDepth } from '../json/serialize.js';
import { planRound, runRound, type RoundContext } from './run-round.js';

/** Options of {@link runEval}. Paths are absolute; the caller has checked the inputs. */
export interface RunEvalOptions extends RoundContext {
  /** A validated eval; without `turns` it is a single-round conversation (the prompt and the reply). */
  evalCase: EvalCase;
  reporter?: RunReporter;
}

/**
 * Runs the eval and, if the conversation completes or stops at a gate, writes conversation.json
 * (after it passes the checker) and final-message.md. Never throws for agent or artifact
 * failures: those are `aborted` results naming the round and the file to look at, and leave any
 * existing conversation.json byte-identical. Whether an existing artifact may be replaced is the
 * caller's check ({@link assertArtifactWritable}), made before any run starts.
 */
export async function runEval(options: RunEvalOptions): Promise<RunResult> {
  const { evalCase, outDir } = options;
  const evalId = evalCase.id;
  const turns = evalCase.turns ?? [];
  const report = options.reporter ?? (() => {});
  const ctx: RoundContext = { ...options };
  const aborted = (round: number, reason: AbortReason, message: string, file?: string, exitCode?: number, agentError?: string): RunResult => ({
    status: 'aborted', evalId, outDir, rounds: round, reason, round, message, ...(file ? { file } : {}), ...(exitCode !== undefined ? { exitCode } : {}), ...(agentError !== undefined ? { agentError } : {}),
  });

  let state: ConversationState = startConversation(evalCase.prompt);
  let round = 1;
  let text = evalCase.prompt;
  for (;;) {
    const plan = planRound(ctx, round, text, state.sessionId);
    report({ kind: 'round-started', evalId, round, harness: options.harness.name, argv: [options.harness.executable, ...plan.args], roundDir: plan.roundDir });
    const outcome = await runRound(ctx, plan, round);
    if (!outcome.ok) return aborted(round, outcome.reason, outcome.message, outcome.file, outcome.exitCode, outcome.agentError);
    const before = state.events.length;
    const appended = appendRound(state, round, outcome.parsed);
    if (!appended.ok) {
      return aborted(round, appended.abort.kind, `${appended.abort.message} See ${outcome.eventsFile}`, outcome.eventsFile);
    }
    state = appended.state;
    for (const text of outcome.parsed.notices ?? []) report({ kind: 'agent-notice', evalId, round, text });
    report({
      kind: 'round-finished', evalId, round, events: state.events.length - before,
      totalTokens: outcome.parsed.totalTokens ?? null, durationMs: outcome.parsed.durationMs ?? null, eventsFile: outcome.eventsFile,
      usage: outcome.parsed.usage ?? null, costUsd: outcome.parsed.costUsd ?? null, skills: outcome.parsed.skills ?? null,
    });
    const decision = nextFollowup(state, turns);
    if (decision.kind === 'abort') return aborted(round, 'invalid-gate-regex', decision.abort.message);
    state = decision.state;
    if (decision.kind === 'deliver') {
      report({ kind: 'followup-delivered', evalId, followup: state.deliveredFollowups });
      round = decision.round;
      text = decision.prompt;
      continue;
    }
    if (decision.kind === 'stop') report({ kind: 'stopped', evalId, followup: decision.stopped_before_followup, reason: decision.stop_reason });
    break;
  }

  const conversation = finishConversation(state);
  try {
    options.assertOutLocked?.();
    ensureRealFolders(options.outRoot ?? outDir, outDir);
  } catch (error) {
    const reason = error instanceof UnsafeOutputError || !(error as NodeJS.ErrnoException).code ? 'unsafe-output' : 'write-failed';
    return aborted(round, reason, `cannot write conversation.json in ${outDir}: ${(error as Error).message}`);
  }
  let written;
  try {
    written = await writeConversationArtifact(outDir, conversation);
  } catch (error) {
    if (error instanceof ArtifactRejectedError) return aborted(round, 'artifact-rejected', error.message, error.rejectedPath);
    if (error instanceof JsonTooLongError) {
      const depth = conversation.events.reduce((deepest, e) => Math.max(deepest, e.type === 'tool_invocation' ? nestingDepth(e.args) : 0), 0);
      return aborted(round, 'artifact-too-large', `cannot write conversation.json in ${outDir}: ${error.message}: its layout indents each level by 2 more spaces, and a tool input is nested ${depth.toLocaleString('en')} levels deep; the rounds' streams are kept in its turn-<r>/ folders`);
    }
    const reason = error instanceof UnsafeOutputError ? 'unsafe-output' : 'write-failed';
    return aborted(round, reason, `cannot write conversation.json in ${outDir}: ${(error as Error).message}`);
  }
  let finalMessagePath: string;
  try {
    finalMessagePath = await writeFinalMessage(outDir, state.lastFinalText ?? '');
  } catch (error) {
    const reason = error instanceof UnsafeOutputError ? 'unsafe-output' : 'write-failed';
    return aborted(round, reason, `wrote ${written.path} but cannot write final-message.md: ${(error as Error).message}`);
  }
  try {
    options.assertOutLocked?.();
    ensureRealFolders(options.outRoot ?? outDir, outDir);
    removeEarlierRunsFiles(outDir, round);
  } catch (error) {
    const reason = error instanceof UnsafeOutputError ? 'unsafe-output' : 'write-failed';
    return aborted(round, reason, `wrote ${written.path} but cannot remove what an earlier run left in ${outDir}: ${(error as Error).message}`);
  }
  const common = { evalId, outDir, rounds: round, deliveredFollowups: conversation.delivered_followups, conversationPath: written.path, conversationSha256: written.sha256, finalMessagePath, warnings: written.warnings };
  return conversation.status === 'completed'
    ? { status: 'completed', ...common }
    : { status: 'stopped', ...common, stopReason: conversation.stop_reason!, stoppedBeforeFollowup: conversation.stopped_before_followup! };
}
