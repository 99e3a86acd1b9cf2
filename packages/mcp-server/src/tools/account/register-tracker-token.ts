import { z } from 'zod';
import type { TokenIdentity } from '../../tool-api/tool-context.ts';
import { defineTool, type ToolAnnotations } from '../../tool-api/tool-definition.ts';
import { ToolInputError } from '../../tool-api/tool-errors.ts';

/** Changes only this server's record of the caller: nothing on the Tracker service. */
const OWN_SETTING: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** "3 spaces visible: A, B, C": whose account the token is, for the user to recognise. */
function sees({ spaces, spaceNames }: TokenIdentity): string {
  const names =
    spaceNames.length > 0 ? `: ${spaceNames.join(', ')}${spaces > spaceNames.length ? ', ...' : ''}` : '';
  return `${spaces} space${spaces === 1 ? '' : 's'} visible${names}`;
}

const registerTrackerToken = defineTool({
  name: 'register_tracker_token',
  title: 'Register your Tracker API token',
  description:
    "Let the signed-in user's own Tracker API token act for them here (kept encrypted). Call it without arguments when a tool says no token is registered: it returns a one-time link (10 minutes) to a page of this server where the user enters the token, so it never passes through the conversation; give the user the link. The page then shows the user a confirmation code: call this tool again with confirmation_code set to it to finish. With api_token (only if the user insists on pasting it) the token is checked with the service and kept.",
  toolset: 'account',
  operationId: null,
  input: z.strictObject({
    confirmation_code: z
      .string()
      .min(1)
      .max(32)
      .optional()
      .describe('The code the registration page showed the user (e.g. 7KQ2-M9XD), to finish registering.'),
    api_token: z
      .string()
      .min(1)
      .max(512)
      .optional()
      .describe('Prefer the link: leave this out. The token the user pasted, if they did.'),
  }),
  output: z.strictObject({
    registered: z.boolean(),
    spaces_visible: z.number().int().optional(),
    space_names: z.array(z.string()).optional(),
    link: z.string().optional(),
    link_expires_in_minutes: z.number().int().optional(),
  }),
  annotations: OWN_SETTING,
  async handler(args, { account }) {
    if (!account)
      throw new ToolInputError('api_token', 'this server uses one token for everyone: nothing to register');
    if (args.api_token !== undefined && args.confirmation_code !== undefined)
      throw new ToolInputError('confirmation_code', 'give either confirmation_code or api_token, not both');
    if (args.api_token === undefined && args.confirmation_code === undefined) {
      const { url, expiresInMinutes } = await account.registrationLink();
      return {
        structured: { registered: false, link: url, link_expires_in_minutes: expiresInMinutes },
        text: `Ask the user to open this link in their browser and enter their Tracker API token there (it works once, for ${expiresInMinutes} minutes, and only for them): ${url} The page then shows a confirmation code; when the user gives it to you, call register_tracker_token with confirmation_code to finish. Nothing is registered before that.`,
      };
    }
    const identity =
      args.confirmation_code !== undefined
        ? await account.confirm(args.confirmation_code)
        : await account.register((args.api_token ?? '').trim());
    return {
      structured: { registered: true, spaces_visible: identity.spaces, space_names: identity.spaceNames },
      text: `Registered: tools now act with your own Tracker account (${sees(identity)}). If these are not the user's spaces, call forget_tracker_token.`,
    };
  },
});

const forgetTrackerToken = defineTool({
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
