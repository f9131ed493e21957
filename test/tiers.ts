// Which test files run how (read by scripts/run-tests.ts). A new test file needs no entry here: it
// runs in every `npm test`, and in `npm run test:quick` too when it sits in a quick folder.

/**
 * The slow tier (`npm run test:slow`, run by CI after `npm test`): the package as users get it
 * (installed from git for pre-commit and `npm install git+…`, each a full `npm install` and build
 * of a clone, ~22 and ~24 CPU-seconds; `npm pack` into a consumer project that compiles the
 * types, ~15) and inputs at scale (100,000 artifacts, ~35; a 200 MB artifact, a million events
 * and 100,000-deep nesting, ~13; a skill file over 2 GiB, ~12 s, and a SKILL.md over the longest
 * string, ~3, mostly the kernel reading zeros). Together they cost about as much as the rest of the suite, and few changes touch what
 * they test.
 */
export const slowTier = [
  'test/integration/pre-commit.test.ts',
  // The Action's first run from a checkout: npm ci and a build (~10 CPU-seconds).
  'test/integration/action-build.test.ts',
  'test/package/git-install.test.ts',
  'test/package/pack.test.ts',
  'test/adversarial/many-files.test.ts',
  'test/adversarial/big-inputs.test.ts',
  // A 3,000-run iteration compared and interrupted a dozen times (~20 CPU-seconds).
  'test/adversarial/interrupted-grading.test.ts',
  // A second Ctrl-C while a thread checks a 600,000-event run (~15 CPU-seconds).
  'test/adversarial/interrupted-twice.test.ts',
];

/**
 * The quick tier's folders: unit tests and rule tables. Their files share one process per core
 * (a Node process and its module graph cost more than most of these files' tests), so a file
 * here must leave process-wide state (cwd, env, signal handlers) as it found it.
 */
const quickFolders = ['test/rules/', 'test/checker/', 'test/cross/', 'test/evals/', 'test/formatters/', 'test/properties/', 'test/runner/', 'test/stats/', 'test/cli/', 'test/compare/', 'test/campaign/', 'test/config.test.ts', 'test/format-targets.test.ts'];

/**
 * Files in the quick folders that get a process of their own and stay out of the quick tier:
 * threads, WASM memory, a browser, or seconds of waiting. (Files that run dist/ through
 * test/helpers/cli.ts or fake agents through test/runner/run-helpers.ts are found by their imports.)
 */
const ownProcess = [
  'test/checker/worker-parity.test.ts',
  'test/checker/worker-pool.test.ts',
  'test/evals/gate-regex-memory.test.ts',
  // Asserts that nothing before it in its process loaded the regex engine.
  'test/evals/lazy-engine.test.ts',
  'test/formatters/html-browser.test.ts',
  'test/runner/harness-check.test.ts',
  // Graders' commands in PID namespaces, setsid daemons, a regular user.
  'test/compare/command-check.test.ts',
  // Wraps node:fs's readdirSync to count the folders listed after an abort.
  'test/compare/interrupt-locating.test.ts',
  // The README's campaign walkthrough, run by bash against the built CLI.
  'test/campaign/campaign-example.test.ts',
];

/**
 * Imports that make a file spawn processes (the built CLI, fake agents, campaigns of fake agents),
 * so it runs on its own.
 */
const spawningHelpers = /from '(\.\.?\/)+(helpers\/cli|runner\/run-helpers|run-helpers|campaign\/campaign-helpers|campaign-helpers|campaign-processes-helpers)\.js'/;

/** Whether `file` (a path from the repository root) belongs to the quick tier, judged by its path and `source`. */
export function isQuick(file: string, source: string): boolean {
  return quickFolders.some((folder) => file === folder || file.startsWith(folder)) && !ownProcess.includes(file) && !spawningHelpers.test(source);
}

/** How slowFirst names the quick tier's processes (one per core). */
export const quickTier = 'quick tier';

/**
 * The test processes started first, in this order: the longest by wall, so that what is left to
 * run at the end is short and both cores stay busy to the last (the judge group, started 6th of 26
 * in alphabetical order, ran to the end). A process is named by its group (sharedProcesses), the
 * quick tier, or the path of a file alone; the unnamed (under a CPU-s each) start after them.
 * Ordered by CPU-s in `npm test -- --durations`, but a process that mostly waits stands early,
 * where the others fill its waits.
 */
export const slowFirst = [
  // The slow tier's.
  'test/adversarial/many-files.test.ts',
  'test/integration/pre-commit.test.ts',
  'test/package/git-install.test.ts',
  'test/package/pack.test.ts',
  'test/adversarial/big-inputs.test.ts',
  // The rest's.
  'judge tests',
  // ~14 s of wall for ~2 CPU-s: waits on commands' time limits, which the other processes fill.
  'test/compare/command-check.test.ts',
  'campaign isolation tests',
  'compare tests',
  quickTier,
  'small campaigns',
  'cli tests',
  'runner tests',
  'judge tests of what check leaves out',
  'unit tests outside the quick folders',
  // Chromium's start and pages: longer in wall than in CPU.
  'browser tests',
  'test/campaign/campaign-run.test.ts',
  'test/cli/golden.test.ts',
  'test/campaign/campaign-processes.test.ts',
  'test/adversarial/run-hostile-streams.test.ts',
  // ~1.4 CPU-s in ~8 s of wall: interrupted agents waited for.
  'test/adversarial/run-signals.test.ts',
  'test/campaign/campaign-example.test.ts',
  'test/evals/gate-regex-memory.test.ts',
  'test/campaign/campaign-inputs.test.ts',
  'test/checker/worker-parity.test.ts',
  'test/runner/harness-check.test.ts',
  'test/cli/run-interrupt.test.ts',
];

/** One test process of a run: its name in slowFirst, a label for its entry module's name, its files. */
export interface TestProcess {
  name: string;
  label: string;
  files: string[];
}

/**
 * The processes in the order they start, slowFirst's first, the rest after in the order given,
 * each with the name of its entry module. `node --test` starts the files it is given sorted by
 * path, so each name begins with its place: named by group or file alone, they started in
 * alphabetical order (the judge group, the longest, 6th of 26, and ran to the end).
 */
export function startOrder(processes: readonly TestProcess[]): Array<TestProcess & { entry: string }> {
  const rank = (name: string): number => (slowFirst.includes(name) ? slowFirst.indexOf(name) : slowFirst.length);
  const width = String(processes.length).length;
  return [...processes]
    .sort((a, b) => rank(a.name) - rank(b.name))
    .map((process, index) => ({ ...process, entry: `${String(index + 1).padStart(width, '0')}-${process.label.replaceAll(/[ /]/g, '-')}.mjs` }));
}

/**
 * Files that run in one process, one after another, because they share what is costly to make:
 * the judge tests copy one finished campaign of fake agents per run count, made once per process
 * (test/judge/judge-helpers.ts) — ~18 agent sessions a file when each made its own; the other
 * groups share a Node start-up and the module graph of eval-magic's sources (181 → 168 CPU-s for
 * the suite's test processes when 59 files that ran alone joined them). A file here must leave
 * process-wide state (cwd, umask, env, signal handlers) as it found it, as a quick-tier file must;
 * files that change it, start threads, or wait long stay alone.
 */
export const sharedProcesses: Record<string, string[]> = {
  'judge tests': [
    'test/judge/judge-run.test.ts',
    'test/judge/judge-cli.test.ts',
    'test/judge/judge-compare.test.ts',
    'test/judge/judge-sessions.test.ts',
    'test/judge/entry-points.test.ts',
    'test/judge/broken-task.test.ts',
    'test/judge/unreadable-task.test.ts',
    'test/judge/condition-names.test.ts',
    'test/judge/blind-copy.test.ts',
    'test/judge/answer-trust.test.ts',
    // Alone, each made a finished campaign of its own (its agent sessions and a start-up: 0.7–2.4 CPU-s a file).
    'test/judge/check-judgments.test.ts',
    'test/judge/replaced-judgments.test.ts',
    'test/judge/user-skills.test.ts',
    'test/judge/instruction-files.test.ts',
    'test/judge/mount-table.test.ts',
    'test/judge/packet-paths.test.ts',
  ],
  // As the judge tests, beside them: alone, each made its own finished campaign (~1 CPU-s with its
  // start-up); in the group above, they would lengthen the suite's longest process.
  'judge tests of what check leaves out': [
    'test/judge/refused-judgments.test.ts',
    'test/judge/ignored-shards.test.ts',
    'test/judge/ignored-newest.test.ts',
    'test/judge/ignored-arms.test.ts',
    // Its own finished campaign, alone; and as these, judge's plan more than its sessions.
    'test/judge/dry-run.test.ts',
    // As dry-run: judge's plan over evals.json looked up, a start-up and judge's modules alone.
    'test/judge/looked-up-evals.test.ts',
  ],
  // The rest share a process to share its start-up and module graph (~0.1–0.4 CPU-s a file):
  // files that run fake agents or the CLI but neither wait long nor change process-wide state.
  'unit tests outside the quick folders': [
    'test/judge/judgment-record.test.ts',
    'test/judge/packet.test.ts',
    'test/judge/task-trees.test.ts',
    'test/judge/verdict.test.ts',
    'test/judge/judge-answer.test.ts',
    'test/package/build-inputs.test.ts',
    'test/package/doc-links.test.ts',
    'test/package/layering.test.ts',
    'test/package/rule-parity.test.ts',
    'test/package/schemas.test.ts',
    'test/package/tiers.test.ts',
    'test/diff/measure.test.ts',
    'test/library-options.test.ts',
    'test/integration/pre-commit-files.test.ts',
    // Alone, each cost ~0.5 CPU-s more than its tests: a Node start-up and the judge's modules.
    'test/judge/arms-over-iterations.test.ts',
    'test/fs/atomic-write.test.ts',
    // Alone, ~0.3 CPU-s more than its tests.
    'test/diff/git-data.test.ts',
    // The package's surface (TypeScript's checker on dist/'s declarations) and the README's quick
    // start (npm run demo, a child). Not package/start-up: it asks V8 in its own process whether the
    // executable's code cache is accepted, which a process that ran other files answers otherwise.
    'test/package/surface.test.ts',
    'test/readme-quick-start.test.ts',
    // The workspace's records and layout, and judge's unit tests, by their modules alone (~0.1–0.3 CPU-s a file alone).
    'test/fs/line-endings.test.ts',
    'test/fs/shown-path.test.ts',
    'test/workspace/conversation-digest.test.ts',
    'test/workspace/evals-path.test.ts',
    'test/workspace/layout.test.ts',
    'test/workspace/setup-file-reads.test.ts',
    'test/judge/hidden-folders.test.ts',
    'test/judge/name-matching.test.ts',
    'test/judge/plan-escaped.test.ts',
  ],
  'small campaigns': [
    'test/campaign/campaign-resume.test.ts',
    'test/campaign/campaign-workspace.test.ts',
    'test/campaign/campaign-cost.test.ts',
    'test/campaign/campaign-failures.test.ts',
    'test/campaign/campaign-full-disk.test.ts',
    'test/campaign/campaign-progress.test.ts',
    'test/campaign/campaign-baseline-ref.test.ts',
    // Alone, ~0.4 CPU-s more than its tests (a start-up and campaign's module graph).
    'test/campaign/instruction-links.test.ts',
    // The shared-workspace example, run by bash against the built CLI.
    'test/examples/campaign-workflow.test.ts',
    // Alone, a start-up and campaign's and compare's module graph.
    'test/campaign/campaign-first-start.test.ts',
  ],
  'runner tests': [
    'test/runner/run-outcomes.test.ts',
    'test/runner/cli-run-limits.test.ts',
    'test/runner/cli-run.test.ts',
    'test/runner/containment-proc.test.ts',
    'test/runner/deliverable-input.test.ts',
    'test/runner/named-inputs.test.ts',
    'test/runner/prompt-delivery.test.ts',
    'test/runner/run-claude.test.ts',
    'test/runner/run-codex-opencode.test.ts',
    'test/runner/run-preflight.test.ts',
    'test/cross/runner-artifacts.test.ts',
    'test/adversarial/run-escapes.test.ts',
    'test/adversarial/run-full-disk.test.ts',
    'test/adversarial/run-out-folder.test.ts',
    'test/adversarial/run-out-path.test.ts',
    'test/adversarial/run-output-safety.test.ts',
    'test/adversarial/runner-agents.test.ts',
    'test/adversarial/filesystem.test.ts',
    'test/adversarial/read-boundaries.test.ts',
    'test/adversarial/terminal-safety.test.ts',
    // Properties of runs of fake agents; alone, a start-up and the runner's modules.
    'test/properties/runner.test.ts',
  ],
  'cli tests': [
    'test/cli/usage.test.ts',
    'test/cli/binary.test.ts',
    'test/cli/double-dash.test.ts',
    'test/cli/flag-values.test.ts',
    'test/cli/formats.test.ts',
    'test/cli/github-workspace.test.ts',
    'test/cli/init.test.ts',
    'test/cli/operands.test.ts',
    'test/cli/readme-example.test.ts',
    'test/cli/unmatched-patterns.test.ts',
    'test/formatters/html.test.ts',
    'test/formatters/rule-links.test.ts',
    'test/checker/option-naming.test.ts',
    'test/integration/readme-ci.test.ts',
    // Alone, ~0.25 CPU-s more than its tests; its waits are a FIFO's 200 ms.
    'test/cli/report-files.test.ts',
    // The CLI in this process (runMain) over hand-built workspaces: alone, each a start-up and the CLI's modules.
    'test/cli/check-in-judge-folder.test.ts',
    'test/cli/one-config.test.ts',
    'test/compare/check-advice.test.ts',
  ],
  // playwright-core's modules load once here, not three times, and one Chromium serves all three (test/helpers/chromium.ts).
  'browser tests': [
    'test/formatters/html-browser.test.ts',
    'test/compare/html-browser.test.ts',
    'test/compare/check-page-browser.test.ts',
  ],
  'campaign isolation tests': [
    'test/campaign/campaign-stores.test.ts',
    'test/campaign/campaign-blind.test.ts',
    'test/campaign/campaign-plan-identity.test.ts',
    'test/campaign/campaign-uncovered.test.ts',
    // Alone, each ~0.3–0.5 CPU-s more than its tests: a start-up and campaign's module graph.
    'test/campaign/campaign-observed.test.ts',
    'test/campaign/campaign-private-tmp.test.ts',
    'test/campaign/campaign-private-home.test.ts',
  ],
  'compare tests': [
    'test/compare/compare.test.ts',
    'test/compare/counting.test.ts',
    'test/compare/reports.test.ts',
    'test/compare/campaign-compare.test.ts',
    'test/cli/compare-hostile-input.test.ts',
    // Alone, each cost ~0.5 CPU-s more than its tests: a start-up and compare's module graph.
    'test/compare/named-arms.test.ts',
    'test/compare/shards.test.ts',
    // Alone, ~0.4 CPU-s more than its tests (compare, judge's plan and the CLI).
    'test/judge/one-experiment.test.ts',
    'test/cli/compare.test.ts',
    'test/cli/iteration-spellings.test.ts',
    'test/compare/evals-source.test.ts',
  ],
};
