// This work tree committed to a fresh repository, for tests that install eval-magic the way git
// users do (pre-commit, `npm install git+…`): both clone a rev.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function git(args: string[], cwd: string, env: NodeJS.ProcessEnv): string {
  const r = spawnSync('git', args, { cwd, env, encoding: 'utf8' });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** An environment whose git has its own config: an identity, no hooksPath, no signing. */
export function hermeticGitEnv(dir: string): NodeJS.ProcessEnv {
  const gitConfig = join(dir, 'gitconfig');
  writeFileSync(gitConfig, '[user]\n\tname = eval-magic test\n\temail = test@eval-magic.invalid\n[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n');
  return { ...process.env, GIT_CONFIG_GLOBAL: gitConfig, GIT_CONFIG_NOSYSTEM: '1' };
}

/** This work tree as it is (tracked and new files, ignored ones left out) committed to a new repository at `dest`; returns the commit. */
export function snapshotRepository(dest: string, env: NodeJS.ProcessEnv): string {
  for (const file of git(['ls-files', '-z', '--cached', '--others', '--exclude-standard'], repoRoot, env).split('\0').filter(Boolean)) {
    const from = join(repoRoot, file);
    if (!existsSync(from)) continue;
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    copyFileSync(from, join(dest, file));
  }
  for (const args of [['init', '-q'], ['add', '-A'], ['commit', '-q', '-m', 'snapshot']]) git(args, dest, env);
  return git(['rev-parse', 'HEAD'], dest, env).trim();
}
