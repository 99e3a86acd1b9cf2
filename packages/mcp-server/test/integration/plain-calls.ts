// The tools/call cases both fast paths are held to (lean-call.test.ts over HTTP, lean-stdio.test.ts
// over stdio): the calls the fast path takes and, as they were, those it must leave to the SDK.
// `tracker` and `space` are read when a case runs (the tests make them in beforeAll).

export interface PlainCall {
  name: string;
  args: () => Record<string, unknown>;
  progress?: true;
  /** Whether the fast path takes it. */
  lean: boolean;
}

export function plainCalls(ids: { tracker: () => string; space: () => string }): [string, PlainCall][] {
  return [
    ['a tracker', { name: 'get_tracker', args: () => ({ tracker_id: ids.tracker() }), lean: true }],
    [
      'a page of trackers',
      { name: 'list_trackers', args: () => ({ space_id: ids.space(), page_size: 5 }), lean: true },
    ],
    ['no arguments', { name: 'list_spaces', args: () => ({}), lean: true }],
    [
      'a tool error (the service answers 404)',
      { name: 'get_tracker', args: () => ({ tracker_id: 'trk_missing' }), lean: true },
    ],
    ['a refused argument', { name: 'get_tracker', args: () => ({ tracker_id: 7 }), lean: false }],
    [
      'an unknown argument',
      { name: 'get_tracker', args: () => ({ tracker_id: ids.tracker(), extra: 1 }), lean: false },
    ],
    ['an unknown tool', { name: 'no_such_tool', args: () => ({}), lean: false }],
    [
      'a tool that asks to confirm',
      { name: 'delete_tracker', args: () => ({ tracker_id: 'trk_missing' }), lean: false },
    ],
    [
      'a progress token',
      { name: 'get_tracker', args: () => ({ tracker_id: ids.tracker() }), progress: true, lean: false },
    ],
  ];
}
