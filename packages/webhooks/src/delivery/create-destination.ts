import type { DestinationConfig } from '../config/types.ts';
import { createAlertmanagerDestination } from './destinations/alertmanager.ts';
import { createDiscordDestination } from './destinations/discord.ts';
import { createEmailDestination } from './destinations/email.ts';
import { createFileDestination, createStdoutDestination } from './destinations/file-sink.ts';
import { createForwardDestination } from './destinations/forward.ts';
import { createNtfyDestination } from './destinations/ntfy.ts';
import { createPagerdutyDestination } from './destinations/pagerduty.ts';
import { createSlackDestination } from './destinations/slack.ts';
import { createTeamsDestination } from './destinations/teams.ts';
import { createWebhookDestination } from './destinations/webhook.ts';
import type { Destination } from './types.ts';

export interface DestinationContext {
  /** This receiver's public URL (Alertmanager's external URL), read when a message is made. */
  externalURL: () => string;
}

export function createDestination(
  config: DestinationConfig,
  context: DestinationContext = { externalURL: () => '' },
): Destination {
  switch (config.type) {
    case 'webhook':
      return createWebhookDestination(config, context.externalURL);
    case 'forward':
    case 'n8n':
      return createForwardDestination(config);
    case 'slack':
      return createSlackDestination(config);
    case 'discord':
      return createDiscordDestination(config);
    case 'teams':
      return createTeamsDestination(config);
    case 'ntfy':
      return createNtfyDestination(config);
    case 'pagerduty':
      return createPagerdutyDestination(config);
    case 'email':
      return createEmailDestination(config);
    case 'alertmanager':
      return createAlertmanagerDestination(config);
    case 'file':
      return createFileDestination(config);
    case 'stdout':
      return createStdoutDestination(config);
  }
}
