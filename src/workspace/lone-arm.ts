// An iteration pooled with others that holds runs of one arm only: its runs of that arm have no
// counterpart of their own iteration, so a difference between the iterations (a model update, a
// changed task) would be counted as the skill's effect. Refused for compare and judge alike, in
// one message whatever spelling of the arms found the pair (iteration-arms.ts).
import { UsageError } from '../errors.js';
import { shellPathWord } from '../text/escape.js';
import type { Iteration, PathsIgnored, RunLocation } from './locate.js';
import { experimentsOf } from './shards.js';

/**
 * A `UsageError` (exit 2) for the first experiment of `iterations` (one iteration, or the shards of
 * one plan, taken as one folder: shards.ts) whose condition folders the config keeps (`kept`, of
 * `all`, by the globs of `leftOut`, iteration-arms.ts's LeftOutByConfig) hold one arm of `pair` and
 * not the other — when they are pooled with another experiment.
 * It names the iteration, the arm it lacks and why (no such folder, or the config's ignore globs
 * leave out its every run), and what to do, in `command`'s words.
 */
export function refuseLoneArm(iterations: readonly Iteration[], all: readonly RunLocation[], kept: readonly RunLocation[], pair: readonly [string, string], leftOut: { ignored: PathsIgnored; config: string } | undefined, shown: (path: string) => string, command: 'compare' | 'judge'): void {
  const experiments = experimentsOf(iterations, all, leftOut?.ignored);
  const groups = [...new Set(iterations.map((i) => experiments.get(i)!.iterations))];
  // One experiment alone has no other iteration for its runs to be set against.
  if (groups.length < 2) return;
  const foldersOf = (group: readonly Iteration[], locations: readonly RunLocation[]) => new Set(locations.filter((l) => group.includes(l.iteration)).map((l) => l.condition));
  const held = (group: readonly Iteration[]) => pair.filter((c) => foldersOf(group, kept).has(c));
  const lone = groups.find((g) => held(g).length === 1);
  if (lone === undefined) return;
  const [holds] = held(lone);
  const lacking = pair.find((c) => c !== holds)!;
  // judge requires --harness: its commands are the paths, with the options given.
  const words = (group: readonly Iteration[]) => `${group.map((i) => shellPathWord(shown(i.dir))).join(' ')}${command === 'judge' ? ', with the same options' : ''}`;
  const where = `${shown(lone[0]!.dir)}${lone.length === 1 ? '' : ` (and the ${lone.length - 1} other shard${lone.length === 2 ? '' : 's'} of its plan)`}`;
  const why = foldersOf(lone, all).has(lacking) ? `the ignore globs of ${leftOut!.config} leave out every run of its ${JSON.stringify(lacking)} folder` : `it has no ${JSON.stringify(lacking)} folder`;
  const said = `${where} holds runs of ${JSON.stringify(holds)} but none of ${JSON.stringify(lacking)} (${why})`;
  // What to do: set it apart (on its own only when it holds another condition to compare with), or complete it.
  const others = groups.filter((g) => held(g).length === 2);
  const apart = [
    ...(others.length > 0 ? [`the others without it (eval-magic ${command} ${words(others.flat())})`] : []),
    ...(foldersOf(lone, kept).size > 1 ? [`it on its own (eval-magic ${command} ${words(lone)})`] : []),
  ];
  const complete = foldersOf(lone, all).has(lacking) ? `take its ${JSON.stringify(lacking)} runs out of the config's ignore` : `run its ${JSON.stringify(lacking)} arm`;
  const todo = `${apart.length === 0 ? '' : `${command} ${apart.join(' and ')}, or `}${complete}`;
  throw new UsageError(command === 'compare'
    ? `${said}: pooled with the others, its ${JSON.stringify(holds)} runs would have no ${JSON.stringify(lacking)} runs of their own iteration to be compared with, so a difference between the iterations would be counted as the skill's. ${capitalized(todo)}.`
    : `${said}: compare refuses it pooled with the others (a difference between the iterations would be counted as the skill's), so ${todo}.`);
}

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;
