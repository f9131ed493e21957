// The comparison's output formats by name. Each is pure: the document (and for html the checked
// artifacts) in, text out.
import { stringifyJsonSafe } from '../../text/escape.js';
import { formatHtmlPage } from '../../formatters/html/index.js';
import type { RunRecordValues } from '../../formatters/html/model.js';
import type { FormatterContext } from '../../formatters/types.js';
import type { CheckReport } from '../../types.js';
import type { ComparisonDocument } from '../model.js';
import { comparisonSectionHtml } from './html.js';
import { formatComparisonMarkdown } from './markdown.js';
import { formatComparisonStylish } from './stylish.js';

/** What a comparison format receives. */
interface ComparisonFormatInput {
  document: ComparisonDocument;
  /** The check of the compared artifacts, their texts kept (html shows the transcripts). */
  report: CheckReport;
  context: FormatterContext;
  /** Each run's grading and run.json by its conversation.json as shown (CompareResult's): html marks each run's column with them. */
  runRecords?: ReadonlyMap<string, RunRecordValues>;
}

/** A comparison format: pieces of text that join to the output. */
export type ComparisonFormatter = (input: ComparisonFormatInput) => Iterable<string>;

/** Every format of `compare`. */
export const comparisonFormatters: Readonly<Record<string, ComparisonFormatter>> = Object.freeze({
  html: ({ document, report, context, runRecords }) => formatHtmlPage(report, context, { top: (data) => comparisonSectionHtml(document, data), runRecords, title: 'eval-magic compare' }),
  json: ({ document }) => [stringifyJsonSafe(document, 2) + '\n'],
  markdown: ({ document }) => [formatComparisonMarkdown(document)],
  stylish: ({ document, context }) => [formatComparisonStylish(document, { color: context.color })],
});
