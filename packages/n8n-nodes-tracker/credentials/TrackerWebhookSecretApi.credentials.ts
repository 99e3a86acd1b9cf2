import type { ICredentialType, INodeProperties } from 'n8n-workflow';

// The signing secret of the account's webhook endpoint. Used only by the Tracker Alert Trigger to verify
// alerts, never sent anywhere; the trigger's credential test checks its format (testedBy).
export class TrackerWebhookSecretApi implements ICredentialType {
  name = 'trackerWebhookSecretApi';

  displayName = 'Tracker Webhook Signing Secret API';

  icon = {
    light: 'file:../nodes/Tracker/tracker.svg',
    dark: 'file:../nodes/Tracker/tracker.dark.svg',
  } as const;

  documentationUrl = 'https://www.npmjs.com/package/@trackerkit/n8n-nodes-tracker#credentials';

  properties: INodeProperties[] = [
    {
      displayName: 'Signing Secret',
      name: 'secret',
      type: 'string',
      typeOptions: { password: true },
      default: '',
      required: true,
      placeholder: 'e.g. whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      description:
        "The account webhook's signing secret (whsec_ followed by base64), shown when the webhook URL is set",
    },
  ];
}
