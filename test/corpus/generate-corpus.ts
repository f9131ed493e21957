// Writes a seeded corpus in the eval-magic workspace layout, once per (size, seed): later runs reuse it.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SeededRandom } from './seeded-random.js';
import { DEFECTS, generateArtifact, type Defect } from './generate-artifact.js';

/** What a corpus holds, for the report. */
export interface CorpusStats {
  files: number;
  invalid: number;
  totalBytes: number;
  medianBytes: number;
  p99Bytes: number;
}

/** How to generate. */
export interface CorpusOptions {
  seed?: number;
  /** Share of artifacts broken in some way (default 2%). */
  invalidShare?: number;
  /** Median artifact size in bytes (default 13 KB; p99 lands near 10 × that). */
  medianBytes?: number;
  /** The ways broken artifacts are broken, handed out in turn (default: all of `DEFECTS`). */
  defects?: readonly Defect[];
}

const SKILLS = ['pdf-extract', 'commit-message', 'code-review', 'test-writer', 'docs-sync', 'sql-tuning', 'i18n-résumé'];
const CONDITIONS = ['with_skill', 'without_skill'];
/** Bump when the generator's output changes, so cached corpora are rebuilt. */
const GENERATOR_VERSION = 4;

/**
 * Fills `dir` with `count` artifacts under `.eval-magic/<skill>/iteration-<k>/eval-<id>/<condition>/[run-<j>/]`,
 * each with run.json and timing.json neighbours that are not artifacts. Reuses `dir` when it was
 * generated with the same parameters.
 */
export function generateCorpus(dir: string, count: number, options: CorpusOptions = {}): CorpusStats {
  const seed = options.seed ?? 20260725;
  const invalidShare = options.invalidShare ?? 0.02;
  const median = options.medianBytes ?? 13_000;
  const defects = options.defects ?? DEFECTS;
  const stampPath = join(dir, 'corpus-stamp.json');
  // The defect list joins the stamp only when it is not the default, so existing corpora stay valid.
  const stamp = JSON.stringify({ GENERATOR_VERSION, count, seed, invalidShare, median, ...(options.defects ? { defects } : {}) });
  if (existsSync(stampPath)) {
    const saved = JSON.parse(readFileSync(stampPath, 'utf8')) as { stamp: string; stats: CorpusStats };
    if (saved.stamp === stamp) return saved.stats;
  }
  rmSync(dir, { recursive: true, force: true });
  const random = new SeededRandom(seed);
  const sizes: number[] = [];
  let invalid = 0;
  for (let i = 0; i < count; i++) {
    const folder = join(dir, '.eval-magic', artifactFolder(i));
    mkdirSync(folder, { recursive: true });
    const defect: Defect = random.chance(invalidShare) ? defects[invalid++ % defects.length]! : 'none';
    // The generator overshoots small targets by about 1.3 ×; σ = 1.05 then puts p99 near 10 × the median.
    const target = Math.min(random.logNormal(median / 1.3, 1.05), 2_000_000);
    const text = generateArtifact(random, target, defect);
    writeFileSync(join(folder, 'conversation.json'), text);
    writeFileSync(join(folder, 'run.json'), JSON.stringify({ harness: 'claude-code', model: 'sonnet', seed: i }, null, 2));
    writeFileSync(join(folder, 'timing.json'), JSON.stringify({ total_tokens: random.int(1e3, 1e6), duration_ms: random.int(1e3, 6e5) }, null, 2));
    sizes.push(Buffer.byteLength(text));
  }
  const stats = summarizeSizes(sizes, invalid);
  writeFileSync(stampPath, JSON.stringify({ stamp, stats }));
  return stats;
}

/** One big artifact (for the "single 50 MB file" target), reused when it already exists. */
export function generateLargeArtifact(path: string, bytes: number, seed = 7): number {
  if (!existsSync(path)) {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, generateArtifact(new SeededRandom(seed), bytes));
  }
  return readFileSync(path).byteLength;
}

/** Six runs per eval (two conditions × three runs), except every fourth eval, which has one unnumbered run per condition. */
function artifactFolder(i: number): string {
  const perEval = 6;
  const evalIndex = Math.floor(i / perEval);
  const within = i % perEval;
  const skill = SKILLS[Math.floor(evalIndex / 100) % SKILLS.length]! + '-' + Math.floor(evalIndex / (100 * SKILLS.length));
  const iteration = 1 + (Math.floor(evalIndex / 20) % 5);
  const evalId = evalIndex % 20;
  const condition = CONDITIONS[within % 2]!;
  const run = Math.floor(within / 2) + 1;
  const single = evalId % 4 === 0;
  return join(skill, `iteration-${iteration}`, `eval-${evalId}`, single ? `${condition}-${run}` : condition, single ? '' : `run-${run}`);
}

function summarizeSizes(sizes: number[], invalid: number): CorpusStats {
  const sorted = [...sizes].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { files: sizes.length, invalid, totalBytes: sizes.reduce((a, b) => a + b, 0), medianBytes: at(0.5), p99Bytes: at(0.99) };
}
