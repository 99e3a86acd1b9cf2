// Dropdowns filled from the service (spaces, then the trackers of the chosen space), and the
// properties several actions share.
import { Property } from '@activepieces/pieces-framework';
import type { Space, Tracker } from '@trackerkit/client';
import { type ConnectionValue, clientOf, trackerAuth } from './auth.ts';

const CONNECT_FIRST = { disabled: true, options: [], placeholder: 'Connect your Tracker account first' };

/** Every item of a listing (the client pages through it). */
async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** The dropdowns' option lists, as plain functions (the tests call them as the editor does). */
export async function spaceOptions(auth: ConnectionValue | undefined) {
  if (!auth) return CONNECT_FIRST;
  const spaces: Space[] = await all(clientOf(auth).spaces.listAll());
  return { disabled: false, options: spaces.map((space) => ({ label: space.name, value: space.space_id })) };
}

export async function trackerOptions(auth: ConnectionValue | undefined, spaceId: unknown) {
  if (!auth) return CONNECT_FIRST;
  if (typeof spaceId !== 'string' || spaceId === '')
    return { disabled: true, options: [], placeholder: 'Choose a space first' };
  const trackers: Tracker[] = await all(clientOf(auth).trackers.listAll({ space_id: spaceId }));
  return {
    disabled: false,
    options: trackers.map((tracker) => ({ label: tracker.name, value: tracker.tracker_id })),
  };
}

export const spaceDropdown = (required = true) =>
  Property.Dropdown<string, boolean, typeof trackerAuth>({
    auth: trackerAuth,
    displayName: 'Space',
    required,
    refreshers: [],
    options: async ({ auth }) => spaceOptions(auth as ConnectionValue | undefined),
  });

/** Trackers of the space chosen in the `space` property. */
export const trackerDropdown = (required = true, description?: string) =>
  Property.Dropdown<string, boolean, typeof trackerAuth>({
    auth: trackerAuth,
    displayName: 'Tracker',
    ...(description ? { description } : {}),
    required,
    refreshers: ['space'],
    options: async ({ auth, space }) => trackerOptions(auth as ConnectionValue | undefined, space),
  });
