#!/usr/bin/env node
// `npm run demo`: the whole loop, offline, on the bundled example skill (commit-messages) with a
// stand-in agent (examples/demo/stand-in-agent: a deterministic script, NOT a real agent, no
// network) — campaign → compare → check — ending with the comparison's headline. Everything it
// writes goes to demo-output/ (made afresh each time). Exit 0 when every step did.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const out = 'demo-output';
const workspace = `${out}/.eval-magic`;
const steps = [
  ['campaign', '--evals', 'examples/demo/commit-messages/evals/evals.json', '--harness', 'examples/demo/stand-in-agent/harness.json', '--runs', '5', '--workspace', workspace],
  ['compare', workspace, '-f', 'stylish', '-f', `html=${out}/compare.html`, '-f', `json=${out}/comparison.json`],
  ['check', workspace, '--evals', 'examples/demo/commit-messages/evals/evals.json', '-f', 'stylish', '-f', `html=${out}/check.html`],
];

rmSync(`${repo}${out}`, { recursive: true, force: true });
console.log('Demo: the commit-messages skill, 5 runs with and 5 without it, answered by a STAND-IN AGENT');
console.log('(examples/demo/stand-in-agent/agent.cjs: a fixed script, not a model; no network).\n');
for (const args of steps) {
  console.log(`$ eval-magic ${args.join(' ')}`);
  const run = spawnSync(process.execPath, [`${repo}dist/bin.cjs`, ...args], { cwd: repo, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`\ndemo: eval-magic ${args[0]} exited ${run.status ?? run.signal}`);
    process.exit(1);
  }
  console.log('');
}
const { comparisonHeadlines } = await import(`${repo}dist/compare.js`);
const document = JSON.parse(readFileSync(`${repo}${out}/comparison.json`, 'utf8'));
console.log(`Pages: ${out}/compare.html, ${out}/check.html. Headline:`);
for (const line of comparisonHeadlines(document)) console.log(line);
