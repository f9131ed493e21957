// The live progress of a command that runs agent sessions (campaign's runs, judge's judgments) on
// a terminal: finished items scroll above a status block that is redrawn in place (running items,
// done/total, failures, elapsed, ETA).
import type { PlannedRun } from '../campaign/index.js';
import { escapeTerminal } from '../text/escape.js';

/** How often the block is redrawn (for the clocks), at most. */
const REDRAW_MS = 500;

/** The status block; every method writes through `write` (the terminal). */
export class LiveProgress<T = PlannedRun> {
  private readonly running = new Map<T, { since: number; round: number }>();
  private total = 0;
  private finishedCount = 0;
  private failures = 0;
  private startedAt = Date.now();
  private drawnLines = 0;
  private timer: NodeJS.Timeout | undefined;
  private paused = false;

  /** `columns`: the terminal's width when drawn; a line of the block never wraps, or erasing it would miss the wrapped part. */
  constructor(
    private readonly write: (text: string) => void,
    private readonly columns: () => number | undefined = () => undefined,
    /** How a running item is named in the block (default: a campaign run). */
    private readonly label: (item: T) => string = (item) => runLabel(item as PlannedRun),
  ) {}

  start(total: number): void {
    this.total = total;
    this.startedAt = Date.now();
    if (total > 0) this.timer = setInterval(() => this.draw(), REDRAW_MS);
  }

  started(run: T): void {
    this.running.set(run, { since: Date.now(), round: 0 });
    this.draw();
  }

  round(run: T, round: number): void {
    const state = this.running.get(run);
    if (state) state.round = round;
  }

  /** A line that stays (above the block). */
  note(line: string): void {
    this.clear();
    this.write(line + '\n');
    this.draw();
  }

  finished(run: T, line: string, failed: boolean): void {
    this.running.delete(run);
    this.finishedCount++;
    if (failed) this.failures++;
    this.note(line);
  }

  /** Stops redrawing (an interrupt message is about to be written). */
  pause(): void {
    this.clear();
    this.paused = true;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.clear();
    this.paused = true;
  }

  private clear(): void {
    // Up to the block's first line, then erase to the end of the screen.
    if (this.drawnLines > 0) this.write(`\x1b[${this.drawnLines}F\x1b[J`);
    this.drawnLines = 0;
  }

  private draw(): void {
    if (this.paused) return;
    this.clear();
    const now = Date.now();
    const elapsed = now - this.startedAt;
    const eta = this.finishedCount > 0 ? (elapsed / this.finishedCount) * (this.total - this.finishedCount) : undefined;
    const lines = [`${this.finishedCount}/${this.total} done, ${this.failures} failed, ${this.running.size} running, ${clock(elapsed)} elapsed${eta !== undefined ? `, about ${clock(eta)} left` : ''}`];
    // A name holds text from the workspace (judge's assertion ids are any string of evals.json): escaped, as every line above it.
    for (const [run, state] of this.running) lines.push(`  ${escapeTerminal(this.label(run))}: round ${state.round || 1}, ${clock(now - state.since)}`);
    const width = this.columns();
    // Cut by code points (a surrogate pair is never split); a wide character may still take two columns.
    const fit = (line: string) => {
      const points = [...line];
      return width === undefined || width < 2 || points.length < width ? line : `${points.slice(0, width - 2).join('')}…`;
    };
    this.write(lines.map(fit).join('\n') + '\n');
    this.drawnLines = lines.length;
  }
}

function runLabel(run: PlannedRun): string {
  return `${run.eval_id} ${run.condition} run-${run.run}`;
}

function clock(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}
