// The html report's one script (inline, allowed by its hash in the page's Content-Security-Policy).
// It draws transcripts from the embedded data with DOM calls and textContent only: no innerHTML,
// no eval, no URL taken from an artifact. Kept as plain browser JavaScript in a string so the
// page needs no bundler; the browser test (test/formatters/html-browser.test.ts) runs it.
// Characters beyond ASCII are written as \u escapes: one raw would make V8 read the whole bundle
// as two-byte text at every start.

import { UNSAFE_PATTERN } from '../../text/escape.js';
import { PIN_HEADER, PIN_STOP } from './model.js';

export const PAGE_SCRIPT = String.raw`(function () {
'use strict';
const data = JSON.parse(document.getElementById('report-data').textContent);
const files = data.files;
const groups = data.groups;
const rules = new Map(data.rules.map((r) => [r.id, r]));
const PIN_HEADER = ${PIN_HEADER};
const PIN_STOP = ${PIN_STOP};
// Controls, bidi overrides, line separators, invisible characters and lone surrogates are shown as visible escapes, as
// in the terminal (the same pattern as escape.ts); line breaks and tabs stay, the page lays them out.
const UNSAFE = new RegExp(${JSON.stringify(UNSAFE_PATTERN)}, 'g');
const visible = (text) => String(text).replace(UNSAFE, (ch) => (ch === '\n' || ch === '\r' || ch === '\t' ? ch : Array.from({ length: ch.length }, (_, i) => '\\u' + ch.charCodeAt(i).toString(16).padStart(4, '0')).join('')));

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = visible(text);
  return node;
}

// ---- decoding: each file's text is deflate-raw + base64, decoded when first shown ----
const decoded = new Map();
async function decodeText(b64) {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).text();
}
function loadFile(fi) {
  let pending = decoded.get(fi);
  if (!pending) {
    const f = files[fi];
    pending = f.z === undefined ? Promise.resolve({}) : decodeText(f.z).then((text) => {
      let doc;
      if (f.parsed) { try { doc = JSON.parse(text); } catch (e) { doc = undefined; } }
      return { text, doc };
    });
    decoded.set(fi, pending);
  }
  return pending;
}

/** A conversation as drawn, tolerant of schema slips: events with their index, grouped by round. */
function conversationOf(f, doc) {
  if (f.kind !== 'conversation' || !doc || typeof doc !== 'object' || Array.isArray(doc) || !Array.isArray(doc.events)) return undefined;
  const events = doc.events.map((e, i) => {
    const ok = e && typeof e === 'object' && !Array.isArray(e);
    return { i, e: ok ? e : { value: e }, round: ok && Number.isInteger(e.round) && e.round > 0 ? e.round : 0 };
  });
  const stopRow = doc.status === 'stopped' && Number.isInteger(doc.stopped_before_followup) ? doc.stopped_before_followup + 1 : undefined;
  const lastRound = events.reduce((m, x) => Math.max(m, x.round), 0);
  return { doc, events, stopRow, lastRound };
}

// ---- findings ----
function findingEl(fi, n) {
  const f = files[fi];
  const row = f.findings[n];
  const node = el('div', 'finding sev-' + row[1]);
  node.id = 'f-' + fi + '-' + n;
  const rule = rules.get(row[0]);
  const ruleNode = el(rule && /^https?:\/\//.test(rule.help) ? 'a' : 'span', 'rule', row[0]);
  if (ruleNode.tagName === 'A') { ruleNode.href = rule.help; ruleNode.rel = 'noopener noreferrer'; ruleNode.title = rule.description; }
  node.append(el('span', 'sev', row[1] === 2 ? 'error' : 'warning'), ' ', ruleNode, ' ', el('span', 'msg', row[2]), ' ', el('span', 'loc', f.path + ':' + row[3] + ':' + row[4]));
  return node;
}
/** Finding indexes of one file by where they are pinned (event index, PIN_STOP, PIN_HEADER). */
function pins(fi, eventCount) {
  const map = new Map();
  files[fi].findings.forEach((row, n) => {
    let at = row[7];
    if (at >= 0 && at >= eventCount) at = PIN_HEADER;
    if (!map.has(at)) map.set(at, []);
    map.get(at).push(n);
  });
  return map;
}

// ---- transcript pieces ----
const shortJson = (v) => { const s = typeof v === 'string' ? v : JSON.stringify(v); return s === undefined ? '' : s.length > 120 ? s.slice(0, 119) + '\u2026' : s; };
const longJson = (v) => (typeof v === 'string' ? v : JSON.stringify(v, null, 2));

function eventEl(fi, x, pinned) {
  const e = x.e;
  const kind = e.type === 'user_message' ? 'user' : e.type === 'assistant_message' ? 'assistant' : e.type === 'tool_invocation' ? 'tool' : 'other';
  const node = el('div', 'ev ' + kind);
  node.id = 'e-' + fi + '-' + x.i;
  const worst = (pinned || []).reduce((m, n) => Math.max(m, files[fi].findings[n][1]), 0);
  if (worst) node.classList.add('bad-' + worst);
  if (kind === 'tool') {
    const det = el('details');
    const sum = el('summary', '', '\u2699 ' + (typeof e.name === 'string' ? e.name : '?') + ' ' + shortJson(e.args));
    det.append(sum);
    if ('args' in e) det.append(el('div', 'who', 'args'), el('pre', 'text', longJson(e.args)));
    if ('result' in e) det.append(el('div', 'who', 'result'), el('pre', 'text', longJson(e.result)));
    if ((pinned || []).some((n) => ['args', 'result'].includes(files[fi].findings[n][8]))) det.open = true;
    node.append(det);
  } else if (kind === 'other') {
    node.append(el('div', 'who', 'event ' + x.i), el('pre', 'text', longJson(e.value !== undefined && Object.keys(e).length === 1 ? e.value : e)));
  } else {
    node.append(el('div', 'who', kind + ' \u00b7 #' + (Number.isInteger(e.ordinal) ? e.ordinal : '?')), el('div', 'text', typeof e.text === 'string' ? e.text : longJson(e.text)));
  }
  for (const n of pinned || []) node.append(findingEl(fi, n));
  return node;
}

function stopEl(fi, conv, pinned) {
  const d = conv.doc;
  const stopped = d.status === 'stopped';
  const text = stopped
    ? '\u25a0 stopped before follow-up ' + visible(d.stopped_before_followup) + (d.stop_reason !== undefined ? ' \u2014 ' + visible(d.stop_reason) : '') + ' \u00b7 ' + visible(d.delivered_followups) + ' delivered'
    : d.status === 'completed' ? '\u2713 completed \u00b7 ' + visible(d.delivered_followups) + (d.delivered_followups === 1 ? ' follow-up' : ' follow-ups') + ' delivered' : 'status: ' + visible(JSON.stringify(d.status));
  const node = el('div', 'stop ' + (stopped ? 'stopped' : d.status === 'completed' ? 'completed' : 'other'), text);
  node.id = 'stop-' + fi;
  for (const n of pinned || []) node.append(findingEl(fi, n));
  return node;
}

const LONG_LINE = 4000;
/** A file shown as its text, lines with findings marked (only windows around them when it is long). */
function textView(fi, text, pinnedAll) {
  const f = files[fi];
  const lines = text.split(/\r\n|\r|\n/);
  const byLine = new Map();
  for (const n of pinnedAll) { const line = f.findings[n][3]; if (!byLine.has(line)) byLine.set(line, []); byLine.get(line).push(n); }
  const wanted = new Set();
  if (lines.length <= 3000) lines.forEach((_, i) => wanted.add(i + 1));
  else for (const line of byLine.keys()) for (let k = Math.max(1, line - 20); k <= Math.min(lines.length, line + 20); k++) wanted.add(k);
  const box = el('div', 'src');
  let last = 0;
  for (const line of [...wanted].sort((a, b) => a - b)) {
    if (line > last + 1) box.append(el('div', 'gap', '\u2026 ' + (line - last - 1) + ' lines'));
    last = line;
    const here = byLine.get(line);
    const ln = el('span', 'ln' + (here ? ' bad' : ''));
    ln.append(el('i', '', String(line)));
    // A very long line (a minified file) is shown around its finding only.
    const raw = lines[line - 1] || '';
    const row = here ? f.findings[here[0]] : undefined;
    const skip = raw.length > LONG_LINE ? Math.max(0, (row ? row[4] - 1 : 0) - LONG_LINE / 2) : 0;
    const chars = Array.from(raw.length > LONG_LINE ? raw.slice(skip, skip + LONG_LINE) : raw);
    if (skip > 0) ln.append(el('span', 'muted', '\u2026 '));
    if (row) {
      const from = Math.max(0, Math.min(row[4] - 1 - skip, chars.length));
      const to = row[5] === row[3] ? Math.max(from + 1, row[6] - 1 - skip) : chars.length;
      ln.append(visible(chars.slice(0, from).join('')), el('mark', '', chars.slice(from, to).join('') || ' '), visible(chars.slice(to).join('')));
    } else ln.append(visible(chars.join('')));
    if (skip + LONG_LINE < raw.length) ln.append(el('span', 'muted', ' \u2026'));
    box.append(ln);
    for (const n of here || []) box.append(findingEl(fi, n));
  }
  if (lines.length > last) box.append(el('div', 'gap', '\u2026 ' + (lines.length - last) + ' lines'));
  return box;
}

function evalHeader(g) {
  const box = el('div', 'evalhead');
  if (g.missing) { box.append(el('div', '', 'eval "' + g.missing.id + '" is not in ' + g.missing.file)); return box; }
  const e = g.eval;
  box.append(el('div', 'k', 'eval ' + e.id + ' \u2014 ' + e.at));
  if (e.prompt !== undefined) box.append(el('div', 'text', e.prompt));
  e.turns.forEach((t, k) => box.append(el('div', 'k', 'follow-up ' + (k + 1) + (t.deliverWhen ? ' (' + t.deliverWhen + (t.matches ? ', when the agent matches ' + t.matches : '') + ')' : '') + ': ' + (t.prompt !== undefined ? t.prompt : '\u2014'))));
  return box;
}

function rowHead(g, round) {
  const head = el('div', 'rowhead');
  head.append(el('b', '', round > 0 ? 'Round ' + round : 'No round'));
  if (g.eval && round === 1 && g.eval.prompt !== undefined) head.append(el('span', '', 'prompt'));
  const turn = g.eval && round >= 2 ? g.eval.turns[round - 2] : undefined;
  if (turn) head.append(el('span', '', 'follow-up ' + (round - 1) + (turn.deliverWhen ? ' \u00b7 ' + turn.deliverWhen : '') + (turn.prompt !== undefined ? ': ' + turn.prompt : '')));
  return head;
}

async function renderGroup(gi, body) {
  const g = groups[gi];
  const loaded = await Promise.all(g.files.map(loadFile));
  const cols = g.files.map((fi, k) => {
    const conv = conversationOf(files[fi], loaded[k].doc);
    return { fi, text: loaded[k].text, conv, pins: pins(fi, conv ? conv.events.length : 0) };
  });
  body.textContent = '';
  if (g.eval || g.missing) body.append(evalHeader(g));
  const headRow = el('div', 'row');
  headRow.append(el('div', 'rowhead'));
  for (const c of cols) {
    const f = files[c.fi];
    const cell = el('div', 'cell');
    cell.id = 'r-' + c.fi;
    const h = el('div', 'colhead', f.label);
    if (f.label !== f.path) h.append(el('span', 'path', f.path));
    cell.append(h);
    if (f.status) cell.append(el('div', 'runstatus st-' + f.status.split(' ')[0], 'run ' + f.status));
    if (f.marks) cell.append(marksEl(c.fi, f.marks));
    for (const ri of f.records || []) {
      const r = files[ri];
      const line = el('div', 'record', r.label);
      badges(line, r.errors, r.warnings);
      cell.append(line);
      r.findings.forEach((_, n) => cell.append(findingEl(ri, n)));
    }
    if (c.conv) for (const n of c.pins.get(PIN_HEADER) || []) cell.append(findingEl(c.fi, n));
    else if (c.text !== undefined) cell.append(textView(c.fi, c.text, f.findings.map((_, n) => n)));
    else { cell.append(el('div', 'muted', 'content not kept in this report')); f.findings.forEach((_, n) => cell.append(findingEl(c.fi, n))); }
    headRow.append(cell);
  }
  body.append(headRow);
  const rounds = new Set();
  for (const c of cols) if (c.conv) { c.conv.events.forEach((x) => rounds.add(x.round)); if (c.conv.stopRow !== undefined) rounds.add(c.conv.stopRow); }
  if (g.eval && cols.some((c) => c.conv)) for (let r = 1; r <= g.eval.turns.length + 1; r++) rounds.add(r);
  for (const round of [...rounds].sort((a, b) => a - b)) {
    const row = el('div', 'row');
    row.append(rowHead(g, round));
    for (const c of cols) {
      const cell = el('div', 'cell');
      if (c.conv) {
        for (const x of c.conv.events) if (x.round === round) cell.append(eventEl(c.fi, x, c.pins.get(x.i)));
        const stopHere = c.conv.stopRow !== undefined ? c.conv.stopRow === round : round === c.conv.lastRound;
        if (stopHere) cell.append(stopEl(c.fi, c.conv, c.pins.get(PIN_STOP)));
      }
      row.append(cell);
    }
    body.append(row);
  }
  // Findings on the stop fields of a conversation with no round to show them in.
  for (const c of cols) if (c.conv && c.conv.events.length === 0) body.append(stopEl(c.fi, c.conv, c.pins.get(PIN_STOP)));
  highlight(body, query);
}

/** A run's grades: one line per assertion, its mark and (folded) its evidence; #m-<file>-<k> leads to one. */
function marksEl(fi, marks) {
  const list = el('ul', 'marks');
  for (const [k, [id, passed, evidence]] of marks.entries()) {
    const li = el('li', passed === 1 ? 'pass' : passed === 0 ? 'fail' : 'ungraded');
    li.id = 'm-' + fi + '-' + k;
    li.dataset.assertion = id;
    const mark = passed === 1 ? '\u2714 pass' : passed === 0 ? '\u2716 fail' : '\u2013 ungraded';
    const det = el('details');
    const sum = el('summary');
    sum.append(el('span', 'mark', mark), ' ', el('span', 'aid', id));
    det.append(sum, el('div', 'evidence', evidence || '(no evidence)'));
    li.append(det);
    list.append(li);
  }
  return list;
}

// ---- groups, navigation ----
const main = document.getElementById('groups');
const detailsOf = [];
const rendered = new Map();
function ensureRendered(gi) {
  let pending = rendered.get(gi);
  if (!pending) {
    const body = detailsOf[gi].querySelector('.gbody');
    body.textContent = 'Loading\u2026';
    pending = renderGroup(gi, body).catch((error) => { body.textContent = ''; body.append(el('div', 'finding sev-2', 'Cannot show this eval: ' + error)); });
    rendered.set(gi, pending);
  }
  return pending;
}
function badges(node, e, w) {
  node.append(' ');
  if (e) node.append(el('span', 'badge e', e + (e === 1 ? ' error' : ' errors')));
  if (w) node.append(el('span', 'badge w', w + (w === 1 ? ' warning' : ' warnings')));
  if (!e && !w) node.append(el('span', 'badge ok', 'clean'));
}
const navEvals = document.getElementById('nav-evals');
const navItems = [];
const frag = document.createDocumentFragment();
const navFrag = document.createDocumentFragment();
groups.forEach((g, gi) => {
  const det = el('details', 'group');
  det.id = 'g-' + gi;
  const sum = el('summary', '', g.title);
  const counts = el('span', 'counts', g.files.length === 1 ? '' : g.files.map((fi) => files[fi].label).join(' | '));
  sum.append(' ', counts);
  badges(sum, g.errors, g.warnings);
  det.append(sum, el('div', 'gbody'));
  det.addEventListener('toggle', () => { if (det.open) ensureRendered(gi); });
  detailsOf.push(det);
  frag.append(det);
  const li = el('li');
  const a = el('a', '', g.title);
  a.href = '#g-' + gi;
  li.append(a);
  if (g.errors || g.warnings) badges(li, g.errors, g.warnings);
  navItems.push(li);
  navFrag.append(li);
});
main.append(frag);
navEvals.append(navFrag);

const navFindings = document.getElementById('nav-findings');
const FINDINGS_LISTED = 500;
let listed = 0;
let total = 0;
files.forEach((f, fi) => f.findings.forEach((row, n) => {
  total++;
  if (listed >= FINDINGS_LISTED) return;
  listed++;
  const li = el('li');
  // The rule and the path's last folders first: long paths share their beginnings.
  const a = el('a', '', row[0] + ' \u00b7 ' + f.path.split('/').slice(-3).join('/') + ':' + row[3] + ':' + row[4]);
  a.href = '#f-' + fi + '-' + n;
  a.title = visible(f.path + ':' + row[3] + ':' + row[4] + '\n' + row[2]);
  li.append(a);
  navFindings.append(li);
}));
if (total > listed) navFindings.append(el('li', 'more', (total - listed) + ' more: use the search box'));
if (total === 0) navFindings.append(el('li', 'more', 'none'));

// Evals with findings open at once, up to a number of evals and of run columns that keeps a huge
// report quick to open: an eval of hundreds of runs waits for its click, since drawing is per column.
const OPEN_AT_START = 30;
const COLUMNS_AT_START = 120;
let opened = 0;
let columns = 0;
const fits = (g) => opened < OPEN_AT_START && columns + g.files.length <= COLUMNS_AT_START;
const openAtStart = (g, gi) => { opened++; columns += g.files.length; detailsOf[gi].open = true; };
groups.forEach((g, gi) => { if ((g.errors || g.warnings) && fits(g)) openAtStart(g, gi); });
const allColumns = groups.reduce((n, g) => n + g.files.length, 0);
if (opened === 0 && groups.length <= OPEN_AT_START && allColumns <= COLUMNS_AT_START) groups.forEach(openAtStart);

async function reveal(hash) {
  let m = /^#g-(\d+)$/.exec(hash);
  if (m && detailsOf[+m[1]]) { const det = detailsOf[+m[1]]; det.hidden = false; det.open = true; await ensureRendered(+m[1]); det.scrollIntoView(); return; }
  // A finding (f-<file>-<n>), a run's column (r-<file>) or one of its marks (m-<file>-<k>): drawn with the file's eval.
  m = /^#([frm])-(\d+)(?:-\d+)?$/.exec(hash);
  if (!m || !files[+m[2]]) return;
  const gi = files[+m[2]].group;
  const open = (target) => { for (let p = target.parentElement; p; p = p.parentElement) if (p.tagName === 'DETAILS') p.open = true; };
  // A record shown with no run: its findings are in the summary.
  if (gi < 0) { const t = document.getElementById(hash.slice(1)); if (t) { open(t); t.scrollIntoView({ block: 'center' }); } return; }
  detailsOf[gi].hidden = false;
  detailsOf[gi].open = true;
  await ensureRendered(gi);
  const target = document.getElementById(hash.slice(1));
  if (!target) return;
  open(target);
  // A mark opens to its evidence.
  if (m[1] === 'm') target.querySelector('details').open = true;
  target.scrollIntoView({ block: m[1] === 'r' ? 'start' : 'center' });
  target.classList.add('flash');
  setTimeout(() => target.classList.remove('flash'), 1500);
}
window.addEventListener('hashchange', () => reveal(location.hash));
document.addEventListener('click', (event) => {
  const a = event.target instanceof Element ? event.target.closest('a') : null;
  if (a && a.getAttribute('href') && a.getAttribute('href').startsWith('#') && a.getAttribute('href') === location.hash) reveal(location.hash);
});
if (location.hash) reveal(location.hash);

// ---- search: paths, evals, findings at once; then inside transcripts, decoded one by one ----
const searchBox = document.getElementById('search');
const status = document.getElementById('search-status');
let query = '';
let generation = 0;
const metaText = [];
function metaOf(gi) {
  if (metaText[gi] === undefined) {
    const g = groups[gi];
    const parts = [g.title];
    if (g.eval) { parts.push(g.eval.id, g.eval.prompt || ''); g.eval.turns.forEach((t) => parts.push(t.prompt || '')); }
    for (const fi of g.files) { const f = files[fi]; parts.push(f.path, f.label); f.findings.forEach((row) => parts.push(row[0], row[2])); }
    metaText[gi] = parts.join('\n').toLowerCase();
  }
  return metaText[gi];
}
const onlyFindings = document.getElementById('only-findings');
const withFindings = (gi) => groups[gi].errors > 0 || groups[gi].warnings > 0;
function show(gi, on) { on = on && (!onlyFindings.checked || withFindings(gi)); detailsOf[gi].hidden = !on; navItems[gi].hidden = !on; return on; }
async function runSearch() {
  const my = ++generation;
  query = searchBox.value.trim().toLowerCase();
  for (const gi of rendered.keys()) highlight(detailsOf[gi].querySelector('.gbody'), query);
  if (!query) {
    const shown = groups.filter((_, gi) => show(gi, true)).length;
    status.textContent = shown === groups.length ? '' : shown + ' of ' + groups.length + ' evals shown';
    return;
  }
  let hits = 0;
  const rest = [];
  const eligible = (gi) => !onlyFindings.checked || withFindings(gi);
  groups.forEach((_, gi) => { const hit = metaOf(gi).includes(query); if (show(gi, hit)) hits++; else if (!hit && eligible(gi) && groups[gi].files.some((fi) => files[fi].z !== undefined)) rest.push(gi); });
  const say = (done) => { status.textContent = hits + ' of ' + groups.length + ' evals match' + (done ? '' : ' (searching transcripts ' + (rest.length - left) + '/' + rest.length + ')'); };
  let left = rest.length;
  say(left === 0);
  for (const gi of rest) {
    const texts = await Promise.all(groups[gi].files.map((fi) => (decoded.has(fi) ? loadFile(fi) : files[fi].z === undefined ? Promise.resolve({}) : decodeText(files[fi].z).then((text) => ({ text })))));
    if (my !== generation) return;
    left--;
    if (texts.some((t) => t.text !== undefined && t.text.toLowerCase().includes(query)) && show(gi, true)) hits++;
    if (left % 50 === 0) say(left === 0);
  }
  say(true);
  if (hits <= 10) groups.forEach((_, gi) => { if (!detailsOf[gi].hidden) detailsOf[gi].open = true; });
}
let timer;
searchBox.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(runSearch, 200); });
onlyFindings.addEventListener('change', runSearch);

/** Marks the query in the texts of a rendered eval (rebuilt from textContent, so nothing is parsed as HTML). */
function highlight(root, q) {
  for (const node of root.querySelectorAll('.text')) {
    const text = node.textContent;
    if (node.dataset.marked === undefined && !q) continue;
    node.textContent = text;
    delete node.dataset.marked;
    if (!q) continue;
    const lower = text.toLowerCase();
    let at = lower.indexOf(q);
    if (at < 0) continue;
    node.textContent = '';
    let from = 0;
    for (; at >= 0; at = lower.indexOf(q, from)) {
      node.append(text.slice(from, at), el('mark', 'hit', text.slice(at, at + q.length)));
      from = at + q.length;
    }
    node.append(text.slice(from));
    node.dataset.marked = '';
  }
}
document.body.dataset.ready = 'true';
})();
`;
