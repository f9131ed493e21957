/** How many of the ascending `sorted` are ≤ `value` (a binary search). */
export function countAtMost(sorted: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}
