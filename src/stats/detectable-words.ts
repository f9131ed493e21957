// The one wording of what runs can detect, shared by compare's reports and campaign's plan. It
// imports nothing: campaign's start does not load the statistics library (docs/performance.md).

/**
 * What runs could detect with 80 % power: in compare's reports, after the runs ("could have
 * detected only a change of ≥ 45 pp with 80 % power"), and in campaign's plan, before them
 * (`before`: "could detect only …"). The power is said in the words themselves: without it, "could
 * not have detected any change" reads as false beside a significant result of the same runs.
 * `points`: the smallest change detected, whole points ("45", or "45–85" over several
 * assertions); undefined when no change is, however large (from a 50 % rate, none of ±50 pp).
 */
export function detectableWords(points: string | undefined, before = false): string {
  const detect = before ? 'detect' : 'have detected';
  return points === undefined ? `could not ${detect} any change with 80 % power, however large` : `could ${detect} only a change of ≥ ${points} pp with 80 % power`;
}
