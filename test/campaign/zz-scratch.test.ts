import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { binPath } from '../helpers/cli.js';
import { giveToRegularUser, spawnAsRegularUser } from '../helpers/regular-user.js';
import { makeCampaignWorkspace } from './campaign-helpers.js';

const scen = process.env.SCEN ?? '';
const asUser = process.env.ASUSER === '1';
it(scen + (asUser ? ' user' : ' root'), () => {
  const marker = 'm' + process.pid;
  const ws = makeCampaignWorkspace({ respond: { homeNotes: marker, ask: true, renewLogin: true } as any });
  mkdirSync(join(ws.home, '.cache'));
  writeFileSync(join(ws.home, '.cache', `users-own-${marker}`), 'x');
  mkdirSync(join(ws.root, 'elsewhere'));
  writeFileSync(join(ws.root, 'elsewhere', 'auth.json'), '{"refreshed":0}\n');
  if (scen === 'home-link') { renameSync(ws.home, join(ws.root, 'realhome')); symlinkSync(join(ws.root, 'realhome'), ws.home); mkdirSync(join(ws.home, '.codex')); writeFileSync(join(ws.home, '.codex', 'auth.json'), '{"refreshed":0}\n'); }
  if (scen === 'codex-link') symlinkSync(join(ws.root, 'elsewhere'), join(ws.home, '.codex'));
  if (scen === 'codex-home-same') { mkdirSync(join(ws.home, '.codex')); writeFileSync(join(ws.home, '.codex', 'auth.json'), '{"refreshed":0}\n'); ws.env.CODEX_HOME = join(ws.home, '.codex') + '/'; }
  if (scen === 'tmp-mount' || scen === 'codex-mount') { mkdirSync(join(ws.home, 'tmp')); mkdirSync(join(ws.home, '.codex')); writeFileSync(join(ws.home, '.codex', 'auth.json'), '{"refreshed":0}\n'); mkdirSync(join(ws.home, '.codex', 'mnt')); if (scen === 'tmp-mount') ws.env.TMPDIR = join(ws.home, 'tmp'); }
  if (asUser) giveToRegularUser(ws.root);
  const argv = [process.execPath, binPath, 'campaign', '--evals', ws.evalsPath, '--harness', process.env.H ?? 'codex', '--eval', 'add-column', '--runs', '1', '--jobs', '1'];
  const pre = 'set -e; mount -t tmpfs -o mode=1777 tmphome "$1/tmp"; mount -t tmpfs -o mode=0777 codexmnt "$1/.codex/mnt"; echo hi > "$1/.codex/mnt/x"; shift; exec "$@"';
  const run = scen === 'tmp-mount' || scen === 'codex-mount' ? spawnSync('unshare', ['--mount', '--propagation', 'private', '--', 'sh', '-c', pre, 'sh', ws.home, ...(asUser ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--'] : []), ...argv], { cwd: ws.root, env: ws.env as Record<string, string>, encoding: 'utf8', timeout: 60_000 }) : asUser ? spawnAsRegularUser(argv, { cwd: ws.root, env: ws.env as Record<string, string>, encoding: 'utf8', timeout: 60_000 }) : spawnSync(argv[0]!, argv.slice(1), { cwd: ws.root, env: ws.env as Record<string, string>, encoding: 'utf8', timeout: 60_000 });
  console.log('STATUS', run.status, run.stdout.slice(-1500), run.stderr.slice(-1500));
  for (const c of ws.calls()) console.log('CALL', c.cwd, JSON.stringify(c.homeSeen), (c as any).login, (c as any).renewed);
  console.log('HOME cache', readdirSync(join(ws.home, '.cache')));
  console.log(spawnSync('sh', ['-c', `cat ${ws.root}/elsewhere/auth.json ${ws.home}/.codex/auth.json; ls -la ${ws.env.TMPDIR ?? '/tmp'}/eval-magic-sessions-* | head`], { encoding: 'utf8' }).stdout);
});
