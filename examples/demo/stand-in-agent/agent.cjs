#!/usr/bin/env node
// NOT A REAL AGENT: a stand-in for the demo (`npm run demo`). It speaks Claude Code's print-mode
// stream-json, so eval-magic drives it exactly as it drives `claude -p`, but it has no model and
// no network: it answers from a fixed script. With the commit-messages skill staged in its task
// folder (.claude/skills/commit-messages/SKILL.md) it follows the skill (loads it, asks for the
// scope, writes a Conventional Commit); without it, it commits "Fix typo". It cannot vary by run:
// campaign runs every agent in a neutral folder that names neither the arm nor the run (the point
// of blind runs), so every run of an arm gets the same answer.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const args = process.argv.slice(2);
if (args.length === 1 && args[0] === '--version') {
  process.stdout.write('stand-in-agent 1.0 (not a real agent)\n');
  process.exit(0);
}
const resume = args.includes('--resume') ? args[args.indexOf('--resume') + 1] : null;
const prompt = fs.readFileSync(0, 'utf8');
const cwd = process.cwd();
const hasSkill = fs.existsSync(path.join(cwd, '.claude', 'skills', 'commit-messages', 'SKILL.md'));
const session = resume ?? `stand-in-${crypto.createHash('sha256').update(cwd).digest('hex').slice(0, 12)}`;

let n = 0;
const blocks = [];
const tool = (name, input, result) => blocks.push({ name, input, result, id: `toolu_${++n}` });
let text;
if (/last commit/i.test(prompt)) {
  if (hasSkill) tool('Skill', { skill: 'commit-messages' }, 'Loaded skill commit-messages.');
  tool('Bash', { command: 'git log -1 --stat' }, 'commit 3f2a1c9\n    docs(readme): fix typo\n README.md | 2 +-');
  text = 'The last commit, docs(readme): fix typo, changed one line of README.md.';
} else if (resume === null) {
  tool('Read', { file_path: 'README.md' }, 'You will recieve an email.');
  tool('Edit', { file_path: 'README.md', old_string: 'recieve', new_string: 'receive' }, 'ok');
  if (hasSkill) {
    blocks.unshift({ name: 'Skill', input: { skill: 'commit-messages' }, result: 'Loaded skill commit-messages.', id: 'toolu_0' });
    text = 'I fixed the typo in README.md. Which scope should the commit use?';
  } else {
    tool('Bash', { command: 'git commit -am "Fix typo"' }, '[main 3f2a1c9] Fix typo');
    text = 'Fixed the typo and committed it.';
  }
} else {
  const message = hasSkill ? 'docs(readme): fix typo in install notes' : 'readme: fix typo';
  tool('Bash', { command: `git commit -am "${message}"` }, `[main 3f2a1c9] ${message}`);
  text = `Committed as "${message}".`;
}

const line = (event) => process.stdout.write(JSON.stringify(event) + '\n');
line({ type: 'system', subtype: 'init', session_id: session, cwd, tools: ['Bash', 'Edit', 'Read', 'Skill'], skills: hasSkill ? ['commit-messages'] : [] });
for (const b of blocks) {
  line({ type: 'assistant', session_id: session, message: { role: 'assistant', content: [{ type: 'tool_use', id: b.id, name: b.name, input: b.input }] } });
  line({ type: 'user', session_id: session, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: b.id, content: b.result }] } });
}
line({ type: 'assistant', session_id: session, message: { role: 'assistant', content: [{ type: 'text', text }] } });
// Made-up but plausible figures: the skill's text costs input tokens.
const input = 1200 + prompt.length + (hasSkill ? 450 : 0) + 40 * blocks.length;
const output = 60 + text.length;
line({
  type: 'result', subtype: 'success', is_error: false, result: text, session_id: session, duration_ms: 900 + 300 * blocks.length,
  total_cost_usd: Number(((input * 3 + output * 15) / 1e6).toFixed(6)),
  usage: { input_tokens: input, output_tokens: output, cache_read_input_tokens: 4000, cache_creation_input_tokens: hasSkill ? 450 : 0 },
});
