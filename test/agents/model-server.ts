// A scripted model server for the real agent CLIs, on 127.0.0.1 only: Anthropic Messages,
// OpenAI Responses and Chat Completions, streamed as SSE. Each request is answered from the
// conversation it carries (so resumed processes need no server state), and logged with the user
// texts the model actually received, which is what the tier compares with the eval's prompts.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/** What the model does next: say something, run a shell command with the CLI's own shell tool, or fail. */
export type Step = { say: string } | { shell: string } | { httpStatus: number; retryAfterMs?: number };

/**
 * Decides one step from the conversation so far (the user texts, tool results since the last
 * one) and what the request showed of the watched patterns (see {@link ServerOptions.watch}).
 */
export type Script = (turn: { userTexts: string[]; toolResults: number; seen: Seen }) => Step;

/** Per watched pattern: its first match in the request (capture group 1 if it has one), or null. */
export type Seen = Record<string, string | null>;

/** What else the server looks for in each request. */
export interface ServerOptions {
  /**
   * Patterns searched in every string of the request's JSON body, decoded (system prompt, tool
   * descriptions, messages, tool results): what the model was shown, e.g. a staged skill's name
   * in the CLI's skill list, or the task folder's path in its environment context.
   */
  watch?: Record<string, RegExp>;
}

/** One logged model request. */
export interface LoggedRequest {
  api: 'anthropic' | 'responses' | 'chat' | 'other';
  path: string;
  /** A request without tools (OpenCode's title generator): answered, but not part of the conversation. */
  auxiliary: boolean;
  /** The user-authored texts, oldest first, exactly as received (CLI-injected context removed). */
  userTexts: string[];
  toolResults: number;
  toolNames: string[];
  seen: Seen;
  step: Step;
  /** The request's body as received, byte for byte (UTF-8): what the model was shown, nothing stripped. */
  raw: string;
}

/** A conversation as one API shape carries it. */
interface Reading {
  userTexts: string[];
  toolResults: number;
  toolNames: string[];
}

// Context the CLIs add as user messages of their own: whole blocks that are exactly one of these.
const INJECTED = [
  /^\s*<system-reminder>[\s\S]*<\/system-reminder>\s*$/, // Claude Code
  /^\s*<(environment_context|user_instructions|permissions|skills|apps)>[\s\S]*<\/\1>\s*$/, // Codex
  /^# AGENTS\.md instructions/, // Codex, when the task folder has one
];
const isAuthored = (text: string) => !INJECTED.some((re) => re.test(text));

function textParts(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part) =>
    part && typeof part === 'object' && typeof part.text === 'string' && ['text', 'input_text'].includes(part.type) ? [part.text as string] : [],
  );
}

/** Anthropic: tool results are user messages holding tool_result blocks. */
function readAnthropic(body: any): Reading {
  const reading: Reading = { userTexts: [], toolResults: 0, toolNames: (body.tools ?? []).map((t: any) => t.name) };
  for (const message of body.messages ?? []) {
    if (message.role !== 'user') continue;
    const blocks = Array.isArray(message.content) ? message.content : [];
    if (blocks.some((b: any) => b?.type === 'tool_result')) {
      reading.toolResults++;
      continue;
    }
    const authored = textParts(message.content).filter(isAuthored);
    if (authored.length > 0) {
      reading.userTexts.push(...authored);
      reading.toolResults = 0;
    }
  }
  return reading;
}

/** OpenAI Responses: `input` items; tool outputs are `*_output` items. */
function readResponses(body: any): Reading {
  const items = typeof body.input === 'string' ? [{ type: 'message', role: 'user', content: body.input }] : (body.input ?? []);
  const reading: Reading = { userTexts: [], toolResults: 0, toolNames: (body.tools ?? []).map((t: any) => t.name ?? t.type) };
  for (const item of items) {
    const type = item.type ?? (item.role ? 'message' : '');
    if (type === 'message' && item.role === 'user') {
      const authored = textParts(item.content).filter(isAuthored);
      if (authored.length > 0) {
        reading.userTexts.push(...authored);
        reading.toolResults = 0;
      }
    } else if (type.endsWith('_output')) {
      reading.toolResults++;
    }
  }
  return reading;
}

/** Chat Completions: `tool` messages are tool results. */
function readChat(body: any): Reading {
  const reading: Reading = { userTexts: [], toolResults: 0, toolNames: (body.tools ?? []).map((t: any) => t.function?.name ?? t.name) };
  for (const message of body.messages ?? []) {
    if (message.role === 'user') {
      reading.userTexts.push(...textParts(message.content));
      reading.toolResults = 0;
    } else if (message.role === 'tool') {
      reading.toolResults++;
    }
  }
  return reading;
}

/** The CLI's shell tool and its arguments for `command`, by the tool names it offered. */
function shellCall(toolNames: string[], command: string): { name: string; args: object } {
  if (toolNames.includes('Bash')) return { name: 'Bash', args: { command, description: 'Run a shell command' } };
  if (toolNames.includes('exec_command')) return { name: 'exec_command', args: { cmd: command } };
  if (toolNames.includes('bash')) return { name: 'bash', args: { command, description: 'Run a shell command' } };
  throw new Error(`no shell tool among the offered tools: ${toolNames.join(', ')}`);
}

const id = (prefix: string) => prefix + randomBytes(6).toString('hex');

/** Writes SSE events (named for the Anthropic and Responses APIs, bare `data:` for Chat). */
function sendEvents(res: ServerResponse, events: object[], named: boolean, done = false): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const event of events) {
    res.write(named ? `event: ${(event as { type: string }).type}\ndata: ${JSON.stringify(event)}\n\n` : `data: ${JSON.stringify(event)}\n\n`);
  }
  if (done) res.write('data: [DONE]\n\n');
  res.end();
}

function answerAnthropic(res: ServerResponse, body: any, step: Step, toolNames: string[]): void {
  const usage = { input_tokens: 120, output_tokens: 30, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const message = { id: id('msg_'), type: 'message', role: 'assistant', model: body.model ?? 'scripted', content: [], stop_reason: null, stop_sequence: null, usage };
  const events: object[] = [{ type: 'message_start', message }];
  if ('shell' in step) {
    const call = shellCall(toolNames, step.shell);
    events.push(
      { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: id('toolu_'), name: call.name, input: {} } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(call.args) } },
    );
  } else {
    const text = (step as { say: string }).say;
    events.push(
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    );
  }
  events.push(
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: 'shell' in step ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 30 } },
    { type: 'message_stop' },
  );
  sendEvents(res, events, true);
}

function answerResponses(res: ServerResponse, body: any, step: Step, toolNames: string[]): void {
  const response = { id: id('resp_'), object: 'response', created_at: Math.floor(Date.now() / 1000), model: body.model ?? 'scripted', status: 'in_progress', output: [] as object[] };
  let item: Record<string, unknown>;
  if ('shell' in step) {
    const call = shellCall(toolNames, step.shell);
    item = { type: 'function_call', id: id('fc_'), call_id: id('call_'), name: call.name, arguments: JSON.stringify(call.args), status: 'completed' };
  } else {
    const text = (step as { say: string }).say;
    item = { type: 'message', id: id('msg_'), role: 'assistant', status: 'completed', content: [{ type: 'output_text', text, annotations: [] }] };
  }
  const usage = { input_tokens: 120, input_tokens_details: { cached_tokens: 0 }, output_tokens: 30, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 150 };
  sendEvents(res, [
    { type: 'response.created', response },
    { type: 'response.output_item.added', output_index: 0, item },
    { type: 'response.output_item.done', output_index: 0, item },
    { type: 'response.completed', response: { ...response, status: 'completed', output: [item], usage } },
  ], true);
}

function answerChat(res: ServerResponse, body: any, step: Step, toolNames: string[]): void {
  const base = { id: id('chatcmpl-'), object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: body.model ?? 'scripted' };
  const chunk = (delta: object, finish: string | null = null) => ({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });
  const events: object[] = [chunk({ role: 'assistant', content: '' })];
  if ('shell' in step) {
    const call = shellCall(toolNames, step.shell);
    events.push(chunk({ tool_calls: [{ index: 0, id: id('call_'), type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args) } }] }), chunk({}, 'tool_calls'));
  } else {
    events.push(chunk({ content: (step as { say: string }).say }), chunk({}, 'stop'));
  }
  events.push({ ...base, choices: [], usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 } });
  sendEvents(res, events, false, true);
}

/** Every string in a parsed JSON value, joined by newlines. */
function allStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) allStrings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) allStrings(v, out);
  return out;
}

function lookFor(watch: Record<string, RegExp>, body: unknown): Seen {
  const text = allStrings(body).join('\n');
  return Object.fromEntries(Object.entries(watch).map(([name, re]) => {
    const m = re.exec(text);
    return [name, m ? (m[1] ?? m[0]) : null];
  }));
}

const READERS = { anthropic: readAnthropic, responses: readResponses, chat: readChat } as const;
const ANSWERS = { anthropic: answerAnthropic, responses: answerResponses, chat: answerChat } as const;

function apiOf(path: string): LoggedRequest['api'] {
  if (/\/v1\/messages$/.test(path)) return 'anthropic';
  if (/\/v1\/responses$/.test(path)) return 'responses';
  if (/\/v1\/chat\/completions$/.test(path)) return 'chat';
  return 'other';
}

/** A running server: its base URL (no path), the request log, and `close`. */
export interface ModelServer {
  url: string;
  requests: LoggedRequest[];
  close(): Promise<void>;
}

/** Starts a server on a free loopback port that answers with `script`. */
export async function startModelServer(script: Script, options: ServerOptions = {}): Promise<ModelServer> {
  const requests: LoggedRequest[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse, raw: Buffer) => {
    const path = (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '');
    const api = req.method === 'POST' ? apiOf(path) : 'other';
    if (api === 'other') {
      // Claude's connection pre-warm (HEAD /), model lists, token counts: not part of the conversation.
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'not_found', message: `no route ${req.method} ${path}` } }));
      return;
    }
    const body = JSON.parse(raw.toString('utf8'));
    const reading = READERS[api](body);
    const auxiliary = reading.toolNames.length === 0;
    const seen = lookFor(options.watch ?? {}, body);
    const step: Step = auxiliary ? { say: 'Scripted session' } : script({ ...reading, seen });
    requests.push({ api, path, auxiliary, ...reading, seen, step, raw: raw.toString('utf8') });
    if ('httpStatus' in step) {
      // retry-after-ms: clients that retry anyway (OpenCode has no switch to stop it) retry at once.
      const retry = step.retryAfterMs !== undefined ? { 'retry-after-ms': String(step.retryAfterMs) } : {};
      res.writeHead(step.httpStatus, { 'content-type': 'application/json', ...retry });
      res.end(JSON.stringify({ type: 'error', error: { type: 'api_error', message: 'scripted failure' } }));
      return;
    }
    ANSWERS[api](res, body, step, reading.toolNames);
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks));
      } catch (error) {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: String(error) } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
