// Hidden triggers behind the Space and Tracker dropdowns (`dynamic: 'space_list.id.name'`). Zapier
// pages them itself (bundle.meta.page, from 0); each page is one page of the service's list.
import { LIMITS } from '@trackerkit/client';
import type { Bundle, Trigger, ZObject } from 'zapier-platform-core';
import { spaceFilterField } from '../fields.ts';
import {
  spaceOutputFields,
  spaceSample,
  trackerOutputFields,
  trackerSample,
  withSpaceId,
  withTrackerId,
} from '../samples.ts';
import { withClient } from '../tracker-client.ts';

const pageOf = (bundle: Bundle) => ({ page: (bundle.meta?.page ?? 0) + 1, page_size: LIMITS.pageSizeMax });

export const spaceList = {
  key: 'space_list',
  noun: 'Space',
  display: { label: 'List Spaces', description: 'Lists your spaces, for the Space dropdown.', hidden: true },
  operation: {
    canPaginate: true,
    perform: (z: ZObject, bundle: Bundle) =>
      withClient(z, bundle, async (client) =>
        (await client.spaces.list(pageOf(bundle))).data.map(withSpaceId),
      ),
    sample: spaceSample,
    outputFields: spaceOutputFields,
  },
} satisfies Trigger;

export const trackerList = {
  key: 'tracker_list',
  noun: 'Tracker',
  display: {
    label: 'List Trackers',
    description: 'Lists the trackers of a space, for the Tracker dropdown.',
    hidden: true,
  },
  operation: {
    canPaginate: true,
    inputFields: [spaceFilterField],
    perform: (z: ZObject, bundle: Bundle) =>
      withClient(z, bundle, async (client) => {
        // Without a space chosen yet, every space's trackers (the first page of each).
        const spaceId = bundle.inputData.space_id as string | undefined;
        const spaces = spaceId
          ? [spaceId]
          : (await client.spaces.list({ page_size: LIMITS.pageSizeMax })).data.map((s) => s.space_id);
        const pages = await Promise.all(
          spaces.map((space_id) => client.trackers.list({ space_id, ...pageOf(bundle) })),
        );
        return pages.flatMap((page) => page.data.map(withTrackerId));
      }),
    sample: trackerSample,
    outputFields: trackerOutputFields,
  },
} satisfies Trigger;
