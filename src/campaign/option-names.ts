// How campaign's messages name the options they refuse or point to: as runCampaign spells them
// (`runs`, `task`) or as `eval-magic campaign`'s flags (`--runs`, `--task`).
import { optionNaming, type OptionNames } from '../errors.js';

/** campaign's options, each with its flag. */
export const CAMPAIGN_OPTION_NAMING = optionNaming({
  runs: '--runs',
  jobs: '--jobs',
  retries: '--retries',
  iteration: '--iteration',
  shard: '--shard',
  roundTimeoutSeconds: '--round-timeout',
  maxEventsBytes: '--max-events-mb',
  maxCostUsd: '--max-cost',
  evalIds: '--eval',
  harness: '--harness',
  model: '--model',
  skill: '--skill',
  task: '--task',
  workspace: '--workspace',
  baseline: '--baseline',
  baselineRef: '--baseline-ref',
});

/** The name each of campaign's options has in a message. */
export type CampaignOptionNames = OptionNames<keyof typeof CAMPAIGN_OPTION_NAMING.flags>;
