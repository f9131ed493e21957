// The real agent CLIs of the tier and how each is pointed at the scripted model server
// (environment and config files only), shared by the tier's test files.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelServer } from './model-server.js';

const AGENTS_BIN = join(dirname(fileURLToPath(import.meta.url)), 'node_modules', '.bin');

/** How each built-in harness's CLI is pointed at the server (environment and config files only). */
export interface Agent {
  harness: 'claude-code' | 'codex' | 'opencode';
  executable: string;
  /** The shell tool's name as the conversation records it. */
  shellTool: string;
  /** `--model` for `eval-magic run`, if any. */
  model?: string;
  env(home: string, server: ModelServer): Record<string, string>;
}

/** Every CLI of the tier; `TIER_AGENTS=opencode,codex` narrows a run to those harnesses. */
const ALL_AGENTS: Agent[] = [
  {
    harness: 'claude-code',
    executable: 'claude',
    shellTool: 'Bash',
    // IS_SANDBOX is not set here: the built-in descriptor sets it.
    env: (_home, server) => ({
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'sk-ant-scripted',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_MAX_RETRIES: '0',
    }),
  },
  {
    harness: 'codex',
    executable: 'codex',
    shellTool: 'command_execution',
    // A model Codex has no metadata for: every round then starts with an `error` item (a notice).
    model: 'scripted-model',
    env: (home, server) => {
      const codexHome = join(home, '.codex');
      mkdirSync(codexHome, { recursive: true });
      writeFileSync(join(codexHome, 'config.toml'), [
        'model_provider = "scripted"',
        'check_for_update_on_startup = false',
        '[model_providers.scripted]',
        'name = "Scripted"',
        `base_url = "${server.url}/v1"`,
        'env_key = "SCRIPTED_API_KEY"',
        'wire_api = "responses"',
        'request_max_retries = 0',
        'stream_max_retries = 0',
        '[analytics]',
        'enabled = false',
        '[features]',
        'plugins = false',
        '',
      ].join('\n'));
      return { CODEX_HOME: codexHome, SCRIPTED_API_KEY: 'sk-scripted' };
    },
  },
  {
    harness: 'opencode',
    executable: 'opencode',
    shellTool: 'bash',
    model: 'scripted/scripted-model',
    env: (_home, server) => ({
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
      OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
      OPENCODE_DISABLE_SHARE: '1',
      OPENCODE_CONFIG_CONTENT: JSON.stringify({
        autoupdate: false,
        share: 'disabled',
        provider: {
          scripted: {
            npm: '@ai-sdk/openai-compatible',
            name: 'Scripted',
            options: { baseURL: `${server.url}/v1`, apiKey: 'sk-scripted' },
            models: { 'scripted-model': { name: 'Scripted', tool_call: true } },
          },
        },
        small_model: 'scripted/scripted-model',
      }),
    }),
  },
];

export const AGENTS: Agent[] = process.env.TIER_AGENTS ? ALL_AGENTS.filter((a) => process.env.TIER_AGENTS!.split(',').includes(a.harness)) : ALL_AGENTS;

export interface Exec {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function execute(program: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Exec> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(program, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

/** The environment of a CLI run: a HOME of its own (and XDG folders in it), the agents on PATH, the server. */
export function agentEnvironment(agent: Agent, home: string, server: ModelServer): Record<string, string> {
  return {
    PATH: `${AGENTS_BIN}${delimiter}${process.env.PATH ?? ''}`,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    NO_COLOR: '1',
    ...agent.env(home, server),
  };
}

/** The CLI's `--version` output, first line. */
export async function agentVersion(agent: Agent): Promise<string> {
  const r = await execute(agent.executable, ['--version'], { cwd: AGENTS_BIN, env: { ...process.env, PATH: `${AGENTS_BIN}${delimiter}${process.env.PATH ?? ''}` } });
  return r.stdout.trim().split('\n')[0] ?? '';
}
