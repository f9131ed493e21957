// The harness descriptor as a document kind: its placeholder vocabulary, and the template rules
// its schema cannot say (schemas/harness.schema.json). The runner expands templates with the same
// vocabulary (runner/argv-template.ts), so what is checked here is what runs.
import type { Finding } from './result.js';

/** Placeholders that may appear inside an element of `argv`/`resume_argv`. */
const ARGV_PLACEHOLDERS = ['prompt', 'session_id', 'cwd', 'outputs_dir', 'round', 'model_args'] as const;
/** Placeholders that may appear inside an element of `model_args`. */
const MODEL_ARG_PLACEHOLDERS = ['model', 'cwd', 'outputs_dir', 'round'] as const;
/** Any `{word}` in a template: known ones are replaced, unknown ones rejected by {@link findTemplateProblems}. */
export const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** What the template rules read of a descriptor the schema accepted. */
interface DescriptorTemplates {
  prompt_via?: 'argv' | 'stdin';
  argv: string[];
  resume_argv: string[];
  model_args: string[];
  events_file: string;
  stderr_file: string;
}

/** Rules the schema cannot say, on a schema-valid descriptor: where each placeholder may appear, and that {prompt} comes last. */
export function findTemplateProblems(value: unknown): Finding[] {
  const d = value as DescriptorTemplates;
  const problems: Finding[] = [];
  const report = (pointer: string, messageId: string, message: string) => problems.push({ ruleId: 'harness-template', messageId, message, severity: 2, pointer });
  const viaStdin = d.prompt_via === 'stdin';
  const check = (key: 'argv' | 'resume_argv' | 'model_args', allowed: readonly string[]) => {
    const template = d[key];
    template.forEach((element, i) => {
      for (const [, name] of element.matchAll(PLACEHOLDER)) {
        if (!allowed.includes(name!)) {
          report(`/${key}/${i}`, 'placeholder-not-allowed', `placeholder {${name}} is not allowed in ${key} (allowed: ${allowed.map((p) => `{${p}}`).join(', ')})`);
        }
      }
      if (element.includes('{model_args}') && element !== '{model_args}') {
        report(`/${key}/${i}`, 'model-args-not-whole', '{model_args} must be a whole element');
      }
      if (element.includes('{prompt}') && viaStdin) {
        report(`/${key}/${i}`, 'prompt-with-stdin', '{prompt} may not appear when prompt_via is "stdin" (the text goes to the agent\'s stdin)');
      } else if (element.includes('{prompt}') && (element !== '{prompt}' || i !== template.length - 1)) {
        report(`/${key}/${i}`, 'prompt-not-last', '{prompt} may appear only as the whole last element');
      }
    });
    if (key !== 'model_args') {
      if (!viaStdin && template[template.length - 1] !== '{prompt}') {
        report(`/${key}`, 'prompt-missing', `${key} must end with the element "{prompt}" (the round's text is passed verbatim as the last argument)`);
      }
      if (template.filter((e) => e === '{model_args}').length > 1) {
        report(`/${key}`, 'model-args-twice', `${key} may contain "{model_args}" only once`);
      }
    }
  };
  check('argv', ARGV_PLACEHOLDERS.filter((p) => p !== 'session_id'));
  check('resume_argv', ARGV_PLACEHOLDERS);
  check('model_args', MODEL_ARG_PLACEHOLDERS);
  if (!d.resume_argv.some((e) => e.includes('{session_id}'))) {
    report('/resume_argv', 'session-id-missing', 'resume_argv must pass {session_id}');
  }
  // The model flag goes on every round, so a harness that has one must place it in both templates.
  for (const key of ['argv', 'resume_argv'] as const) {
    if (d.model_args.length > 0 && !d[key].includes('{model_args}')) {
      report(`/${key}`, 'model-args-missing', `${key} must contain the element "{model_args}" because model_args is not empty`);
    }
  }
  if (d.events_file === d.stderr_file) {
    report('/stderr_file', 'same-stream-file', 'stderr_file must differ from events_file');
  }
  return problems;
}
