import { z } from 'zod';
import { defineTool, type ToolAnnotations } from '../../tool-definition.ts';
import { ToolInputError } from '../../tool-errors.ts';

/** Changes only this server's record of the caller: nothing on the Tracker service. */
export const OWN_SETTING: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

export const registerTrackerToken = defineTool({
  name: 'register_tracker_token',
  title: 'Register your Tracker API token',
  description:
    "Keep the signed-in user's own Tracker API token on this server (encrypted), so every other tool acts as that user. Call it once, when a tool says no token is registered, with the token the user gives you (created in the Tracker web console). The token is checked with the service before it is kept; registering again replaces it.",
  toolset: 'account',
  operationId: null,
  input: z.strictObject({
    api_token: z
      .string()
      .min(1)
      .max(512)
      .describe("The user's Tracker API token (Authorization: Bearer <token>)."),
  }),
  output: z.strictObject({ registered: z.boolean(), spaces_visible: z.number().int() }),
  annotations: OWN_SETTING,
  async handler(args, { account }) {
    if (!account)
      throw new ToolInputError('api_token', 'this server uses one token for everyone: nothing to register');
    const { spaces } = await account.register(args.api_token.trim());
    return {
      structured: { registered: true, spaces_visible: spaces },
      text: `Registered: tools now act with your own Tracker account (${spaces} space${spaces === 1 ? '' : 's'} visible).`,
    };
  },
});

export const forgetTrackerToken = defineTool({
  name: 'forget_tracker_token',
  title: 'Forget your Tracker API token',
  description:
    "Delete the signed-in user's Tracker API token from this server. Tools then refuse to act until a token is registered again. The token itself stays valid on the Tracker service (revoke it in the web console).",
  toolset: 'account',
  operationId: null,
  input: z.strictObject({}),
  output: z.strictObject({ forgotten: z.boolean() }),
  annotations: { ...OWN_SETTING, destructiveHint: true },
  async handler(_args, { account }) {
    const forgotten = (await account?.forget()) ?? false;
    return {
      structured: { forgotten },
      text: forgotten
        ? 'Your Tracker API token was deleted from this server.'
        : 'No token was registered for you.',
    };
  },
});

export const accountTools = [registerTrackerToken, forgetTrackerToken];
