// How campaign's usage errors name the options whose values they refuse: as the library spells
// them (runCampaign's `runs`) or as the CLI's flags (`--runs`), so each caller reads its own names.

/** The name each option has in a message. */
export interface CampaignOptionNames {
  runs: string;
  jobs: string;
  retries: string;
  iteration: string;
  shard: string;
  roundTimeoutSeconds: string;
  maxEventsBytes: string;
  maxCostUsd: string;
  evalIds: string;
}

/** runCampaign's own option names. */
export const LIBRARY_OPTION_NAMES: CampaignOptionNames = {
  runs: 'runs',
  jobs: 'jobs',
  retries: 'retries',
  iteration: 'iteration',
  shard: 'shard',
  roundTimeoutSeconds: 'roundTimeoutSeconds',
  maxEventsBytes: 'maxEventsBytes',
  maxCostUsd: 'maxCostUsd',
  evalIds: 'evalIds',
};

/** `eval-magic campaign`'s flags. */
export const CAMPAIGN_FLAG_NAMES: CampaignOptionNames = {
  runs: '--runs',
  jobs: '--jobs',
  retries: '--retries',
  iteration: '--iteration',
  shard: '--shard',
  roundTimeoutSeconds: '--round-timeout',
  maxEventsBytes: '--max-events-mb',
  maxCostUsd: '--max-cost',
  evalIds: '--eval',
};
