// The judge packet: what it holds, in order, and what blinding keeps out of it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Blinder, conditionNames, SKILL_TOKEN } from '../../src/judge/blinding.js';
import { runDiff } from '../../src/workspace/run-diff.js';
import { diffTrees } from '../../src/diff/measure.js';
import { packetSha256, renderPacket, type LlmJudgeAssertion } from '../../src/judge/packet.js';
import { parseVerdict } from '../../src/workspace/judge-verdict.js';
import type { Conversation } from '../../src/types.js';
import type { EvalCase } from '../../src/evals/types.js';

const runDir = '/ws/.eval-magic/csv-reports/iteration-3/eval-add-column/with_skill/run-2';
const skillMd = '---\nname: csv-reports\ndescription: Build the team CSV reports.\n---\n\nAlways write timestamps in UTC, ISO 8601 with a Z.\n';
const blinder = new Blinder({ skillName: 'csv-reports', taskDirs: [`${runDir}/task`], runDirs: [runDir, '/ws/.eval-magic/csv-reports/iteration-3'], skillTexts: [skillMd] });

const conversation: Conversation = {
  status: 'completed',
  delivered_followups: 1,
  events: [
    { type: 'user_message', ordinal: 1, round: 1, text: 'Add a created_at column.' },
    { type: 'tool_invocation', ordinal: 2, round: 1, name: 'Skill', args: { skill: 'CSV-Reports' }, result: 'Always write timestamps in UTC, ISO 8601 with a Z.' },
    { type: 'tool_invocation', ordinal: 3, round: 1, name: 'Bash', args: { command: `cat ${runDir}/task/.claude/skills/csv-reports/SKILL.md` }, result: 'ok' },
    { type: 'assistant_message', ordinal: 4, round: 1, text: 'Using the csv-reports skill (with_skill arm). Which timezone?' },
    { type: 'user_message', ordinal: 5, round: 2, text: 'UTC, ISO 8601.' },
    { type: 'assistant_message', ordinal: 6, round: 2, text: 'Done: ```created_at``` is UTC.' },
    // The description as a CLI's skill list shows it, quoted without its front-matter key.
    { type: 'assistant_message', ordinal: 7, round: 2, text: 'As my instructions say: Build the team CSV reports.' },
  ],
};
const assertion: LlmJudgeAssertion = { id: 'explains-utc', type: 'llm_judge', rubric: 'The agent explains why UTC.' };
const evalCase: EvalCase = { id: 'add-column', prompt: 'Add a created_at column to the orders report.', expected_output: 'A UTC column.', turns: [{ prompt: 'UTC, ISO 8601.', deliver_when: 'agent_asks' as const }], assertions: [assertion, { id: 'secret-other', type: 'transcript_check', check: 'skill_invoked' } as unknown as LlmJudgeAssertion] };

describe('renderPacket', () => {
  const packet = renderPacket({ evalCase, assertion, conversation, diff: { text: '--- a/report.py\n+++ b/report.py\n+created_at\n', source: 'diff.patch' }, blinder });

  it('holds the prompt, the follow-up, the conversation in order, the diff, the expected output and the rubric', () => {
    const order = ['Add a created_at column to the orders report.', '(when the agent asked)', 'Add a created_at column.', 'Tool call: Skill', 'Tool call: Bash', 'Which timezone?', '### User (round 2)', '+created_at', 'A UTC column.', 'The agent explains why UTC.', '"passed"'];
    let at = -1;
    for (const text of order) {
      const next = packet.indexOf(text, at + 1);
      assert.ok(next > at, `${text} after position ${at}`);
      at = next;
    }
  });

  it('never holds the skill name (any case), the arm, the run or iteration path, SKILL.md text or another assertion', () => {
    for (const secret of [/csv-reports/i, /with_skill/, /iteration-/, /\/ws\//, /Always write timestamps/, /Build the team CSV/, /secret-other/, /skill_invoked/]) assert.doesNotMatch(packet, secret);
    // `CSV-Reports` as the agent spelt it: the placeholder in its style (docs/judge.md).
    assert.match(packet, /"skill": "The-Skill"/);
    assert.match(packet, /cat \.\/\.claude\/skills\/the-skill\/SKILL\.md/);
    // The judge is told each spelling of the mark, so it takes `theSkill` in code for the mark, not the agent's naming.
    assert.ok(packet.includes("replaced, here and in those files alike, by `the-skill` (spelt as the name it replaces was: `the_skill`, `theSkill`, `TheSkill`, `THE_SKILL`, `the skill`), `the-run` (spelt so too: `THE-RUN`, `theRun`, `TheRun`, `therun`) or `[withheld]`: that is not the agent's doing."), packet.slice(0, 800));
  });

  it('never withholds a SKILL.md line the rubric or expected_output states: the judge reads its criteria as written, and a quote of them in the conversation stays', () => {
    // The rubric asks for the skill's rule: withheld, the judge was asked to grade "[withheld]".
    const rule = 'Always write timestamps in UTC, ISO 8601 with a Z.';
    const byRule: LlmJudgeAssertion = { id: 'follows-rule', type: 'llm_judge', rubric: `The agent follows the rule "${rule}"` };
    const withRule = renderPacket({ evalCase: { ...evalCase, expected_output: rule }, assertion: byRule, conversation, diff: { text: '', source: 'computed' }, blinder });
    const fenced = (text: string) => new RegExp('```\\n' + text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '\\n```');
    assert.match(withRule, fenced(`The agent follows the rule "${rule}"`));
    assert.match(withRule, fenced(rule), 'the expected output');
    assert.ok(withRule.includes(`Result:\n\n\`\`\`\n${rule}\n`), 'the tool result quoting it');
    // The other lines of SKILL.md are still withheld, and in a packet of another rubric the rule is too.
    assert.doesNotMatch(withRule, /Build the team CSV/);
    assert.doesNotMatch(renderPacket({ evalCase, assertion, conversation, diff: { text: '', source: 'computed' }, blinder }), /Always write timestamps/);
  });

  it('never withholds a SKILL.md line the eval\'s prompt or a follow-up states: both arms were told it, and withheld the judge would read another task', () => {
    const rule = 'Always write timestamps in UTC, ISO 8601 with a Z.';
    const told = { ...evalCase, prompt: `Add a created_at column. ${rule}` };
    const fenced = (text: string) => new RegExp('```\\n' + text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '\\n```');
    const byPrompt = renderPacket({ evalCase: told, assertion, conversation, diff: { text: '', source: 'computed' }, blinder });
    assert.match(byPrompt, fenced(`Add a created_at column. ${rule}`));
    assert.ok(byPrompt.includes(`Result:\n\n\`\`\`\n${rule}\n`), 'the tool result quoting it');
    const byTurn = renderPacket({ evalCase: { ...evalCase, turns: [{ prompt: rule, deliver_when: 'always' as const }] }, assertion, conversation, diff: { text: '', source: 'computed' }, blinder });
    assert.match(byTurn, fenced(rule));
    assert.doesNotMatch(byPrompt, /Build the team CSV/);
  });

  it('tells the judge the contract its answer is read by: the final message is the object alone — "end your reply with" let a judge write its reasons first, an answer kept ungraded for good', () => {
    const told = packet.slice(packet.indexOf('## Your answer'));
    assert.match(told, /final message must be exactly one JSON object/);
    assert.match(told, /nothing before or after it/);
    // What a judge that reads "end your reply with the object" may write, and what becomes of it.
    assert.deepEqual(parseVerdict('The agent explains why: "exports cross zones".\n{"passed": true, "evidence": "exports cross zones", "confidence": 0.9}'), { ok: false, reason: 'malformed-verdict', message: 'the final message holds text besides the verdict object' });
  });

  it('fences text holding backticks with a longer fence', () => {
    assert.match(packet, /````\nDone: ```created_at``` is UTC\.\n````/);
  });

  it("blinds each text of a tool call's arguments and result before showing them as JSON: a name or an arm after an escaped line break (`\\nai-review`) read as one word with the escape's letter, and reached the judge as written", () => {
    const named = new Blinder({ skillName: 'ai-review', taskDirs: [], runDirs: [], skillTexts: [] });
    const calls: Conversation = { status: 'completed', delivered_followups: 0, events: [
      { type: 'tool_invocation', ordinal: 1, round: 1, name: 'Write', args: { file_path: 'NOTES.md', content: '# Notes\nai-review found 2 issues.\n' }, result: { 'ai-review': 'ok', log: 'done\nwith_skill: 3/3' } },
      { type: 'tool_invocation', ordinal: 2, round: 1, name: 'Bash', args: { command: 'cd src &&\n\tai_review --check' }, result: 'ok' },
    ] };
    const shown = renderPacket({ evalCase: { id: 'e', prompt: 'Review the diff.', assertions: [] } as EvalCase, assertion, conversation: calls, diff: { text: '+ai-review found 2 issues.\n', source: 'diff.patch' }, blinder: named });
    for (const secret of [/ai.?review/i, /with_skill/]) assert.doesNotMatch(shown, secret);
    for (const blinded of ['"content": "# Notes\\nthe-skill found 2 issues.\\n"', '"command": "cd src &&\\n\\tthe_skill --check"', '"the-skill": "ok"', '"log": "done\\nthe-run: 3/3"']) assert.ok(shown.includes(blinded), blinded);
  });

  it('says why there is no diff, and hashes the text', () => {
    const other = renderPacket({ evalCase, assertion, conversation, diff: { text: undefined, missing: 'the run kept no staged copy' }, blinder });
    assert.match(other, /\(No diff: the run kept no staged copy\.\)/);
    assert.notEqual(packetSha256(other), packetSha256(packet));
    assert.match(packetSha256(packet), /^[0-9a-f]{64}$/);
  });
});

describe('runDiff', () => {
  it('computes a unified diff from staged/ to task/, leaving out the staged skill; diff.patch wins when present', (t) => {
    const root = mkdtempSync(join(tmpdir(), 'judge-diff-'));
    t.after(() => rmSync(root, { recursive: true, force: true }));
    for (const dir of ['staged', 'task', 'task/.claude/skills/x']) mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, 'staged', 'a.txt'), 'one\ntwo\n');
    writeFileSync(join(root, 'task', 'a.txt'), 'one\nthree\n');
    writeFileSync(join(root, 'task', 'new.txt'), 'fresh\n');
    writeFileSync(join(root, 'task', '.claude/skills/x/SKILL.md'), 'skill\n');
    const computed = runDiff(root, join(root, 'task'), join(root, 'staged'), ['.claude/skills/x']);
    assert.ok(computed.text !== undefined && 'source' in computed && computed.source === 'computed');
    const diff = computed.text;
    assert.match(diff, /diff --git a\/a.txt b\/a.txt\n(.*\n)*--- a\/a.txt\n\+\+\+ b\/a.txt\n@@ -1,2 \+1,2 @@\n one\n-two\n\+three/);
    assert.match(diff, /--- \/dev\/null\n\+\+\+ b\/new.txt/);
    assert.doesNotMatch(diff, /SKILL/);
    writeFileSync(join(root, 'diff.patch'), 'their own patch\n');
    assert.deepEqual(runDiff(root, join(root, 'task'), join(root, 'staged'), []), { text: 'their own patch\n', source: 'diff.patch' });
    assert.equal(runDiff(join(root, 'nowhere'), undefined, undefined, []).text, undefined);
  });

  it("drops from a diff.patch an older campaign wrote every section of Git's data: .git by name, and a repository or git's file by content where the task (or staged/) still holds it", (t) => {
    const root = mkdtempSync(join(tmpdir(), 'judge-diff-'));
    t.after(() => rmSync(root, { recursive: true, force: true }));
    const files: Record<string, string | Buffer> = {
      'task/a.txt': 'one\nthree\n', 'task/backup.git/HEAD': 'ref: refs/heads/csv-reports-work\n', 'task/backup.git/refs/heads/csv-reports-work': `${'a'.repeat(40)}\n`,
      'task/backup.git/objects/pack/p.pack': Buffer.from('PACK\0\0\0\x02\0\0\0\x01', 'latin1'), 'task/notes/history.dat': `# v2 git bundle\n${'a'.repeat(40)} refs/heads/csv-reports-work\n\n`,
      'task/notes/plain.md': 'notes\n', 'staged/a.txt': 'one\ntwo\n', 'staged/old.idx': Buffer.from('\xfftOc\0\0\0\x02', 'latin1'),
    };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    const section = (path: string, lines: string[]) => [`diff --git a/${path} b/${path}`, ...lines].join('\n') + '\n';
    const kept = [
      section('a.txt', ['--- a/a.txt', '+++ b/a.txt', '@@ -1,2 +1,2 @@', ' one', '-two', '+three']),
      section('notes/plain.md', ['new file mode 100644', '--- /dev/null', '+++ b/notes/plain.md', '@@ -0,0 +1 @@', '+notes']),
    ];
    const old = [
      section('.GIT/HEAD', ['new file mode 100644', '--- /dev/null', '+++ b/.GIT/HEAD', '@@ -0,0 +1 @@', '+ref: refs/heads/csv-reports-work']),
      kept[0]!,
      section('backup.git/HEAD', ['new file mode 100644', '--- /dev/null', '+++ b/backup.git/HEAD', '@@ -0,0 +1 @@', '+ref: refs/heads/csv-reports-work']),
      section('backup.git/objects/pack/p.pack', ['new file mode 100644', 'Binary files /dev/null and b/backup.git/objects/pack/p.pack differ']),
      section('backup.git/refs/heads/csv-reports-work', ['new file mode 100644', '--- /dev/null', '+++ b/backup.git/refs/heads/csv-reports-work', '@@ -0,0 +1 @@', `+${'a'.repeat(40)}`]),
      section('notes/history.dat', ['new file mode 100644', '--- /dev/null', '+++ b/notes/history.dat', '@@ -0,0 +1,2 @@', '+# v2 git bundle', '+refs/heads/csv-reports-work']),
      kept[1]!,
      section('old.idx', ['deleted file mode 100644', 'Binary files a/old.idx and /dev/null differ']),
      section('sub/.git/config', ['new file mode 100644', '--- /dev/null', '+++ b/sub/.git/config', '@@ -0,0 +1 @@', '+[core]']),
    ].join('');
    writeFileSync(join(root, 'diff.patch'), old);
    assert.deepEqual(runDiff(root, join(root, 'task'), join(root, 'staged'), []), { text: kept.join(''), source: 'diff.patch' });
    // Without the task folders, names alone tell: .git in any case goes, the rest stays as written.
    assert.deepEqual(runDiff(root, undefined, undefined, []).text, old.split(/^(?=diff --git)/m).filter((s) => !/^diff --git a\/(\.GIT|sub\/\.git)\//.test(s)).join(''));
    // Its line ends made CRLF since (a results folder checked out with core.autocrlf): read back as written, the same sections go.
    writeFileSync(join(root, 'diff.patch'), old.replace(/\n/g, '\r\n'));
    assert.equal(runDiff(root, join(root, 'task'), join(root, 'staged'), []).text, kept.join(''));
    // One whose line ends a tool made CRLF but for one (so not read back): the headers' paths are still read without their CR.
    writeFileSync(join(root, 'diff.patch'), `\n${old.replace(/\n/g, '\r\n')}`);
    assert.equal(runDiff(root, join(root, 'task'), join(root, 'staged'), []).text, `\n${kept.join('').replace(/\n/g, '\r\n')}`);
    // A patch cut at its cap keeps its marker; a patch of no sections is as written.
    writeFileSync(join(root, 'diff.patch'), `${old}[diff.patch cut at 1048576 bytes: the rest of the diff is not shown; the counts cover all of it]\n`);
    assert.equal(runDiff(root, join(root, 'task'), join(root, 'staged'), []).text, `${kept.join('')}[diff.patch cut at 1048576 bytes: the rest of the diff is not shown; the counts cover all of it]\n`);
  });

  it("shows a diff.patch campaign writes now as written: a staged file of git's the agent turned into its own (a new file), and a file of its own it turned into git's (deleted), by the side each section shows", (t) => {
    const root = mkdtempSync(join(tmpdir(), 'judge-diff-'));
    t.after(() => rmSync(root, { recursive: true, force: true }));
    const pack = Buffer.from('PACK\0\0\0\x02\0\0\0\x01', 'latin1');
    const files: Record<string, string | Buffer> = { 'staged/fixtures/old.pack': pack, 'task/fixtures/old.pack': 'now a text of its own\n', 'staged/data.bin': 'data\n', 'task/data.bin': pack, 'staged/a.txt': 'a\n', 'task/a.txt': 'a\nb\n' };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    const { patch } = diffTrees(join(root, 'staged'), join(root, 'task'));
    assert.deepEqual([...patch.matchAll(/^diff --git a\/(\S+)/gm)].map((m) => m[1]), ['a.txt', 'data.bin', 'fixtures/old.pack']);
    writeFileSync(join(root, 'diff.patch'), patch);
    assert.deepEqual(runDiff(root, join(root, 'task'), join(root, 'staged'), []), { text: patch, source: 'diff.patch' });
  });

  it('never diffs through a task/ or staged/ that is a symbolic link (the packet would carry what it points to): no diff, saying why, as compare says it', (t) => {
    const root = mkdtempSync(join(tmpdir(), 'judge-diff-'));
    t.after(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(join(root, 'elsewhere'));
    writeFileSync(join(root, 'elsewhere', 'secret.txt'), 'secret\n');
    mkdirSync(join(root, 'run', 'staged'), { recursive: true });
    symlinkSync(join(root, 'elsewhere'), join(root, 'run', 'task'));
    assert.deepEqual(runDiff(join(root, 'run'), join(root, 'run', 'task'), join(root, 'run', 'staged'), []), { text: undefined, missing: "the run's task folder, which its run.json names, is a symbolic link (not followed: it may point out of the workspace)" });
    rmSync(join(root, 'run', 'task'));
    rmSync(join(root, 'run', 'staged'), { recursive: true });
    mkdirSync(join(root, 'run', 'task'));
    symlinkSync(join(root, 'elsewhere'), join(root, 'run', 'staged'));
    assert.deepEqual(runDiff(join(root, 'run'), join(root, 'run', 'task'), join(root, 'run', 'staged'), []), { text: undefined, missing: "the run's staged folder, which its run.json names, is a symbolic link (not followed: it may point out of the workspace)" });
  });
});

describe('Blinder', () => {
  it('replaces a path only where its last folder\'s name ends: a sibling whose name goes on (`ws-old`, `run-10`, `ws.bak`) was cut into the mark and the rest (`<workspace>-old`, `<run>0`)', () => {
    const b = new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: ['/w/ws/zebra-notes/iteration-1/eval-a/with_skill/run-1'], workspaceDirs: ['/w/ws'], sessionDirs: ['/tmp/s-0/AAAAAA/BBBBBB'], sessionsDirs: ['/tmp/s-0'], skillTexts: [] });
    assert.equal(b.blind('/w/ws /w/ws/ "/w/ws" /w/ws. /w/ws-old /w/ws_2 /w/ws.bak /w/wsx'), '<workspace> <workspace>/ "<workspace>" <workspace>. /w/ws-old /w/ws_2 /w/ws.bak /w/wsx');
    assert.equal(b.blind('/w/ws/zebra-notes/iteration-1/eval-a/with_skill/run-10/task'), '<workspace>/the-skill/iteration/eval-a/the-run/run-10/task');
    assert.equal(b.blind('ls /tmp/s-0/AAAAAA/BBBBBB/store /tmp/s-0/AAAAAA /tmp/s-01'), 'ls <session>/store <sessions>/AAAAAA /tmp/s-01');
    // The marks are blinding's own: a skill named `session` leaves them as they are.
    const named = new Blinder({ skillName: 'session', taskDirs: [], runDirs: [], sessionDirs: ['/tmp/s-0/AAAAAA/BBBBBB'], sessionsDirs: ['/tmp/s-0'], skillTexts: [] });
    assert.equal(named.blind('/tmp/s-0/AAAAAA/BBBBBB/store/session.jsonl /tmp/s-0/x'), '<session>/store/the_skill.jsonl <sessions>/x');
  });

  it('withholds a SKILL.md line quoted inside JSON (a tool\'s arguments escape its quotes), and every spelling of a compound skill name', () => {
    const md = '---\nname: zebra-notes\ndescription: Notes for the "zebra" team, in order.\n---\n\nAlways say "hello" before the notes.\n';
    const b = new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: [], skillTexts: [md] });
    const args = JSON.stringify({ file_path: 'NOTES.md', content: 'Always say "hello" before the notes.\nNotes for the "zebra" team, in order.' });
    assert.equal(b.blind(args), '{"file_path":"NOTES.md","content":"[withheld]\\n[withheld]"}');
    // Each in its own style: `the-skill` where the name was written `zebra-notes` (docs/judge.md).
    for (const [spelling, token] of [['zebra-notes', SKILL_TOKEN], ['zebra_notes', 'the_skill'], ['Zebra Notes', 'The Skill'], ['ZebraNotes', 'TheSkill'], ['zebranotes', 'theskill']]) assert.equal(b.blind(`use ${spelling} now`), `use ${token} now`, spelling);
  });

  it("replaces the skill's name in the spelling it was written in (docs/judge.md), so an identifier stays an identifier and a file name matches the imports naming it — also as a part of a longer identifier", () => {
    // The skill arm's agent names its code after its domain (`csvReports` in `src/csv_reports.js`):
    // blinded to `exports.the-skill`, its working code broke in the judge's copy and diff, the control's not.
    const b = new Blinder({ skillName: 'csv-reports', taskDirs: [], runDirs: [], skillTexts: [] });
    for (const [text, blinded] of [
      ["exports.csvReports = csvReports;", "exports.theSkill = theSkill;"],
      ["const { csvReports } = require('../src/csv_reports.js');", "const { theSkill } = require('../src/the_skill.js');"],
      ['class CsvReports extends CSVReportsBase {}', 'class TheSkill extends TheSkillBase {}'],
      ['import csv_reports\nCSV_REPORTS = 1', 'import the_skill\nTHE_SKILL = 1'],
      ['cat .claude/skills/csv-reports/SKILL.md CSV-REPORTS.md', 'cat .claude/skills/the-skill/SKILL.md THE-SKILL.md'],
      ['pip install csvreports CSVREPORTS', 'pip install theskill THESKILL'],
      ['Used the csv reports skill. Csv Reports says', 'Used the the skill skill. The Skill says'],
      ['import csv.reports', 'import the.skill'],
      // Inside a longer identifier or file name, where it stands as a part of it: replaced all the same, in the style that keeps it valid.
      ['csvReportsV2 csvreportsV2 CSVReportsTest myCsvReports', 'theSkillV2 theskillV2 TheSkillTest myTheSkill'],
      // Not inside a run of lower-case letters: its words there are not the name (test/judge/name-matching.test.ts).
      ['mycsvreports csvreportsdir', 'mycsvreports csvreportsdir'],
      ['csv_reports_test.py csv-reports2 test_csv_reports()', 'the_skill_test.py the-skill2 test_the_skill()'],
    ] as const) assert.equal(b.blind(text), blinded, text);
    // Every spelling is still hidden: none of the name's words joined is left. (In capitals, a
    // suffix glued on, `CSV_REPORTSV2`, is one run of capitals the name does not end inside.)
    for (const spelling of ['csvReports', 'CsvReports', 'csv_reports', 'CSV_REPORTS', 'csv-reports', 'csvreports', 'Csv Reports', 'csv.reports', 'csv/reports']) {
      const suffix = spelling === spelling.toUpperCase() ? '_V2' : 'V2';
      assert.doesNotMatch(b.blind(`x ${spelling}${suffix} y`), /csv|reports/i, spelling);
    }
  });

  it("replaces a skill's name of one word as a part of a word — between separators or at a camel-case hump — as the_skill in its case; not inside a run of lower-case letters or before a digit", () => {
    const pdf = new Blinder({ skillName: 'pdf', taskDirs: [], runDirs: [], skillTexts: [] });
    for (const [text, blinded] of [
      // A word of the task's code is replaced too, in both arms alike (docs/judge.md: name skills distinctively).
      ["pdf = PdfReader(open('in.pdf', 'rb'))", "the_skill = The_SkillReader(open('in.pdf', 'rb'))"],
      ['from pypdf import PdfReader; import pdfplumber; PDF_PATH = pdf_path(pdf2)', 'from pypdf import The_SkillReader; import pdfplumber; THE_SKILL_PATH = the_skill_path(pdf2)'],
      ['Used the pdf skill (.claude/skills/pdf/SKILL.md): PDF files. Pdf', 'Used the the_skill skill (.claude/skills/the_skill/SKILL.md): THE_SKILL files. The_Skill'],
      ['notes/pdf-notes.md Skill(pdf)', 'notes/the_skill-notes.md Skill(the_skill)'],
    ] as const) assert.equal(pdf.blind(text), blinded, text);
    // A distinctive name the skill arm's agent builds its code from (the review's csv2json): every such part is replaced, so it reaches no judge.
    const csv2json = new Blinder({ skillName: 'csv2json', taskDirs: [], runDirs: [], skillTexts: [] });
    for (const [text, blinded] of [
      ['tests/test_csv2json.py: class Csv2jsonError; def test_csv2json_roundtrip', 'tests/test_the_skill.py: class The_SkillError; def test_the_skill_roundtrip'],
      ['csv2jsonConverter Csv2JsonError csv2json_utils myCsv2json', 'the_skillConverter The_SkillError the_skill_utils myThe_Skill'],
      // Acronym-cased, after or before another capitalised word (the third review: Python's and Go's CSV2JSONConverter).
      ['class CSV2JSONConverter; CSV2JSONReader HTTPCsv2jsonClient', 'class THE_SKILLConverter; THE_SKILLReader HTTPThe_SkillClient'],
    ] as const) assert.equal(csv2json.blind(text), blinded, text);
    // A common word: `contests` and `testsuite` are not changed; the word itself, and a part of a file's name, are (the plan warns of it).
    const tests = new Blinder({ skillName: 'tests', taskDirs: [], runDirs: [], skillTexts: [] });
    assert.equal(tests.blind("The project's tests pass: contests, run_tests.sh, testsuite."), "The project's the_skill pass: contests, run_the_skill.sh, testsuite.");
  });

  it('spells the placeholder of a name of three words or more as the name\'s first and last words were (the review: Csv_To_Json_Reports read The_skill)', () => {
    const b = new Blinder({ skillName: 'csv-to-json-reports', taskDirs: [], runDirs: [], skillTexts: [] });
    for (const [spelling, token] of [['Csv_To_Json_Reports', 'The_Skill'], ['Csv-To-Json-Reports', 'The-Skill'], ['Csv To Json Reports', 'The Skill'], ['csvToJsonReports', 'theSkill'], ['csv-to-json-reports', 'the-skill']]) assert.equal(b.blind(`use ${spelling} now`), `use ${token} now`, spelling);
  });

  it('withholds a SKILL.md line holding quotes that reaches the transcript escaped twice (a Write of a JSON file) or three times', () => {
    const md = '---\nname: zebra-notes\n---\n\nAlways say "hello" before the notes.\n';
    const b = new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: [], skillTexts: [md] });
    // The file's JSON escapes the quotes once, the tool's arguments again: `\\\"hello\\\"`.
    const file = JSON.stringify({ rule: 'Always say "hello" before the notes.' });
    const args = JSON.stringify({ file_path: 'rules.json', content: file });
    assert.match(args, /\\\\\\"hello\\\\\\"/);
    assert.equal(b.blind(args), JSON.stringify({ file_path: 'rules.json', content: JSON.stringify({ rule: '[withheld]' }) }));
    const thrice = JSON.stringify({ command: `echo ${JSON.stringify(file)}` });
    assert.equal(b.blind(thrice), JSON.stringify({ command: `echo ${JSON.stringify(JSON.stringify({ rule: '[withheld]' }))}` }));
  });

  it('replaces the skill\'s name written with a dot or a slash between its words (a module, a path), not a sentence that ends on one word', () => {
    const b = new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: [], skillTexts: [] });
    // Joined as the name was: a module stays a module (`import the.skill`), a path keeps its folders.
    for (const [spelling, token] of [['zebra.notes', 'the.skill'], ['Zebra.Notes', 'The.Skill'], ['zebra/notes', 'the/skill'], ['ZEBRA/NOTES', 'THE/SKILL']]) assert.equal(b.blind(`import ${spelling} now`), `import ${token} now`, spelling);
    assert.equal(b.blind('cat docs/zebra.notes.md src/zebra/notes/index.ts'), 'cat docs/the.skill.md src/the/skill/index.ts');
    for (const text of ['I fed the zebra. Notes follow.', 'zebra / notes', 'zebras/notes']) assert.equal(b.blind(text), text);
    // A name given with dots is found with its words joined any way too.
    assert.equal(new Blinder({ skillName: 'zebra.notes', taskDirs: [], runDirs: [], skillTexts: [] }).blind('zebra-notes zebra_notes'), `${SKILL_TOKEN} the_skill`);
  });

  it('replaces an arm name inside a snake_case word too (docs/judge.md: "anywhere in the text"), not inside a longer name', () => {
    const b = new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: [], skillTexts: [] });
    // `\b` counts `_` as part of a word: `out_with_skill` reached the judge as written.
    for (const [text, blinded] of [
      ['cp out_with_skill.csv x', 'cp out_the-run.csv x'],
      ['RESULTS_WITHOUT_SKILL_2=1', 'RESULTS_the-run_2=1'],
      ['new_skill1 and old_skill', 'the-run1 and the-run'],
      ['see with_skill/run-1', 'see the-run/run-1'],
      ['a notwith_skillz word', 'a notwith_skillz word'],
    ] as const) assert.equal(b.blind(text), blinded, text);
  });

  it('replaces campaign\'s arm names written with a hyphen or joined, in camel case too, the placeholder spelt as the name was; two words apart are prose (review51: they reached the judge as written)', () => {
    const b = new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: [], skillTexts: [] });
    for (const [text, blinded] of [
      ['the with-skill and WITHOUT-SKILL runs', 'the the-run and THE-RUN runs'],
      ['const withSkill = runs.filter(isWithSkill)', 'const theRun = runs.filter(isTheRun)'],
      ['class WithSkill extends NewSkill', 'class TheRun extends TheRun'],
      ['withoutSkill, withskill, OLDSKILL, new-skill, Old-Skill', 'theRun, therun, THERUN, the-run, The-Run'],
      ['results/withSkillV2.json old-skill_2', 'results/theRunV2.json the-run_2'],
      // As before: campaign's own spelling, in any case, reads `the-run`.
      ['With_Skill WITHOUT_SKILL', 'the-run the-run'],
      // Prose, and the words inside longer words, stay.
      ['run it with skill, or without skill', 'run it with skill, or without skill'],
      ['withskills notwithSkill swithskill bewithskill', 'withskills notwithSkill swithskill bewithskill'],
    ] as const) assert.equal(b.blind(text), blinded, text);
  });

  it('hides an iteration\'s own condition names as campaign\'s: as words in any case (not inside a longer word), longest first; a short one or a word of the criteria only as the arm\'s folder in a path', () => {
    const names = conditionNames(['skill-v2', 'skill', 'baseline', 'with_skill', 'a', 'v2', 'control'], ['Compare the report with the control group.']);
    assert.deepEqual(names, {
      inText: ['baseline', 'skill', 'skill-v2'],
      pathOnly: [{ name: 'a', why: 'short' }, { name: 'control', why: 'criteria' }, { name: 'v2', why: 'short' }],
    });
    const b = new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: [], skillTexts: [], conditions: names });
    for (const [text, blinded] of [
      ['The BASELINE arm, baseline_2 and Skill-V2', 'The the-run arm, the-run_2 and the-run'],
      // `skill` is one of the names too: a word before `-`, as in `skill-v23`.
      ['baselines, skill-v23, skillful', 'baselines, the-run-v23, skillful'],
      ['ls eval-e1/a/run-1 ../v2/run-2 "control/run-1" eval-e1/control', 'ls eval-e1/the-run/run-1 ../the-run/run-2 "the-run/run-1" eval-e1/the-run'],
      ['a test of the control group, v2 of the API, a/b', 'a test of the control group, v2 of the API, a/b'],
      // Campaign's names are whole words of their own: `skill` does not make `with_skill` read `with_the-run`.
      ['cp with_skill/x without_skill/y eval-e1/skill-v2/run-1', 'cp the-run/x the-run/y eval-e1/the-run/run-1'],
    ] as const) assert.equal(b.blind(text), blinded, text);
    // A name ending in a digit is not matched before a digit.
    assert.equal(new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: [], skillTexts: [], conditions: conditionNames(['skill-v2'], []) }).blind('skill-v23 skill-v2x'), 'skill-v23 the-runx');
  });

  it('hides the arm and the iteration when the skill\'s name is part of an arm\'s name (kill, skill, out, with, old, new, iteration): both arms read alike', () => {
    // The skill's name was replaced first: `without_skill` became `without_sthe-skill` (skill "kill"), which no arm rule then matched.
    for (const name of ['kill', 'skill', 'out', 'with', 'old', 'new', 'with-skill', 'iteration']) {
      const b = new Blinder({ skillName: name, taskDirs: [], runDirs: [], skillTexts: [] });
      const arms = ['with_skill', 'without_skill', 'new_skill', 'old_skill'].map((arm) => b.blind(`ls ../${arm}/run-1 iteration-2`));
      assert.deepEqual(arms, arms.map(() => arms[0]), name);
      // The placeholder of a name of one word, `the_skill`, holds `_skill` of its own.
      assert.doesNotMatch(arms[0]!.replace(/the_skill/g, ''), /with|skill_|_skill|out|old|new|-2/, name);
    }
  });

  it('withholds a SKILL.md list item, numbered step, quote or heading quoted without its Markdown marker, as a front-matter value is withheld without its key', () => {
    const md = '---\nname: zebra-notes\n---\n\n# Writing the zebra release notes\n\n- Always write timestamps in UTC.\n* Sign every note with the team stamp.\n2. Run the linter before you commit.\n> Never paste secrets into the notes.\n- [ ] Tick the release checklist box.\n';
    const b = new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: [], skillTexts: [md] });
    for (const quoted of ['Writing the zebra release notes', 'Always write timestamps in UTC.', 'Sign every note with the team stamp.', 'Run the linter before you commit.', 'Never paste secrets into the notes.', 'Tick the release checklist box.']) {
      assert.equal(b.blind(`The skill says: ${quoted}`), 'The skill says: [withheld]', quoted);
    }
    // Short once the marker is gone: too common to withhold.
    const short = new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: [], skillTexts: ['- Run the tests.\n'] });
    assert.equal(short.blind('Run the tests.'), 'Run the tests.');
  });

  it('withholds a block-scalar description (`>` folded, `|` kept) as the CLI shows it — joined on one line — not only its long lines, whose short ones were left between them', () => {
    const folded = '---\nname: zebra-notes\ndescription: >-\n  Use when writing the zebra\n  release notes of\n  the team.\nwhen_to_use: |\n  Whenever a user asks\n  for notes.\n---\n\n# Notes\n';
    const b = new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: [], skillTexts: [folded] });
    assert.equal(b.blind('Skills: zebra-notes: Use when writing the zebra release notes of the team.'), `Skills: ${SKILL_TOKEN}: [withheld]`);
    assert.equal(b.blind('As told: Whenever a user asks for notes.'), 'As told: [withheld]');
    // Kept as written (`|`), and inside a tool's JSON arguments.
    assert.equal(b.blind(JSON.stringify({ text: 'Whenever a user asks\nfor notes.\n' })), JSON.stringify({ text: '[withheld]\n' }));
    // A plain value continued over lines is one value too.
    const plain = new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: [], skillTexts: ['---\nname: zebra-notes\ndescription: Use for the zebra\n  notes, in UTC.\n---\n'] });
    assert.equal(plain.blind('It says: Use for the zebra notes, in UTC.'), 'It says: [withheld]');
    // A rubric stating the description: not withheld from its packet, in any of its forms.
    assert.equal(b.allowing(['Says: Use when writing the zebra release notes of the team.']).blind('Use when writing the zebra release notes of the team.'), 'Use when writing the zebra release notes of the team.');
    // One stating a line of it lets that line through, not the whole description.
    assert.equal(b.allowing(['Use when writing the zebra']).blind('Use when writing the zebra release notes of the team.'), '[withheld]');
    assert.equal(b.allowing(['Whenever a user asks']).blind('Whenever a user asks for notes.'), '[withheld]');
  });

  it('withholds a front-matter value written in YAML quotes as the CLI shows it, unquoted (a description holding ": " must be quoted)', () => {
    const md = `---\nname: zebra-notes\ndescription: "Use when writing zebra release notes: timestamps in UTC, \\"always\\"."\nwhen_to_use: 'Whenever the user asks for the team''s notes.'\n---\n`;
    const b = new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: [], skillTexts: [md] });
    assert.equal(b.blind('Skills: zebra-notes: Use when writing zebra release notes: timestamps in UTC, "always".'), `Skills: ${SKILL_TOKEN}: [withheld]`);
    assert.equal(b.blind("As told: Whenever the user asks for the team's notes."), 'As told: [withheld]');
  });
});

describe('a SKILL.md line the criteria state as a reader would, not byte for byte', () => {
  const teamMd = '---\nname: csv-reports\ndescription: Build the team CSV reports.\n---\n\n- Always write timestamps in UTC.\n';
  const team = new Blinder({ skillName: 'csv-reports', taskDirs: [], runDirs: [], skillTexts: [teamMd] });
  const answer = (text: string): Conversation => ({ status: 'completed', delivered_followups: 0, events: [{ type: 'assistant_message', ordinal: 1, round: 1, text }] });
  const asked = (rubric: string) => renderPacket({ evalCase: { id: 'explain', prompt: 'What does the report export?', assertions: [] } as EvalCase, assertion: { id: 'rule', type: 'llm_judge', rubric }, conversation: answer('Team rule: Always write timestamps in UTC.'), diff: { text: '', source: 'computed' }, blinder: team });

  it('lets the line through when the rubric quotes it without its period (review51: the skill arm read "Team rule: [withheld]", the baseline its own words)', () => {
    const packet = asked('The agent states the team rule "Always write timestamps in UTC" to the user.');
    assert.ok(packet.includes('Team rule: Always write timestamps in UTC.'), packet);
  });

  it('in another case, its spaces run together or over a line, in quotes, or after a Markdown marker of its own', () => {
    for (const rubric of ['States: always write timestamps in utc', 'States the rule\n"Always write\n  timestamps in UTC!"', '- Always  write timestamps in UTC;', '> “Always write timestamps in UTC”']) {
      assert.ok(asked(rubric).includes('Team rule: Always write timestamps in UTC.'), rubric);
    }
  });

  it('still withholds it where the criteria hold only a part of it, or its words run on into a longer word', () => {
    for (const rubric of ['The agent says to write timestamps in UTC.', 'States "Always write timestamps in UTCs".']) {
      assert.ok(asked(rubric).includes('Team rule: [withheld]'), rubric);
    }
  });
});
