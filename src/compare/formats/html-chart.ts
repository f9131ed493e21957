// One assertion's pass rates as a small inline SVG: per condition its rate (a tick) and Wilson
// interval (a line) on a 0–100 % axis. It stretches to its cell's width (the page reflows from
// 1280 px to a phone), so it holds no text: the numbers are beside it, and in its <title>.
import type { ArmCount, AssertionComparison } from '../model.js';

/** Colours of the treatment and control marks (colour-blind safe blue/orange). */
export const ARM_COLOURS = ['#1f6fd1', '#d9730d'] as const;

/** The chart; `title` is escaped HTML (the tooltip and the accessible name). */
export function assertionChart(row: AssertionComparison, conditions: readonly [string, string], title: string): string {
  // Strokes keep their width however far the drawing is stretched.
  const line = (x1: number, y1: number, x2: number, y2: number, colour: string, width: number) => `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${colour}" stroke-width="${width}" vector-effect="non-scaling-stroke"/>`;
  const out = [`<svg class="achart" role="img" viewBox="0 0 100 22" preserveAspectRatio="none" width="100%" height="22"><title>${title}</title>`];
  // A margin keeps a mark at 0 or 100 % whole.
  const x = (rate: number) => 2 + rate * 96;
  for (const tick of [0, 0.5, 1]) out.push(line(x(tick), 0, x(tick), 22, '#d9dde5', 1));
  conditions.forEach((condition, arm) => {
    const count = row[condition] as ArmCount;
    if (count.rate === null || count.ci95 === null) return;
    const y = 6 + arm * 10;
    const colour = ARM_COLOURS[arm as 0 | 1];
    out.push(line(x(count.ci95[0]), y, x(count.ci95[1]), y, colour, 2), line(x(count.rate), y - 4, x(count.rate), y + 4, colour, 4));
  });
  out.push('</svg>');
  return out.join('');
}
