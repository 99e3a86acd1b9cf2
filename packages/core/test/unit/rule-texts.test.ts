// VALIDATION_RULES are the document's x-trackerkit-rules texts: every one a layer reports comes from
// the document, every one of a request schema is known to the core, and each name points at the
// text it means (the core reads the lists by position).
import { describe, expect, it } from 'vitest';
import { LIMITS, NOTIFICATION_RULES, openapiDocument, VALIDATION_RULES } from '../../src/index.ts';

// biome-ignore lint/suspicious/noExplicitAny: walks the untyped document.
type Json = Record<string, any>;

function documentRules(node: unknown, at: string, out: Map<string, string[]>): Map<string, string[]> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) documentRules(item, `${at}/${i}`, out);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === 'x-trackerkit-rules') out.set(at, value as string[]);
      else documentRules(value, `${at}/${key}`, out);
    }
  }
  return out;
}

const listed = documentRules(openapiDocument.components.schemas, '#/components/schemas', new Map());
const texts = new Set([...listed.values()].flat());

describe('VALIDATION_RULES', () => {
  it('holds exactly the rule texts of the document', () => {
    expect(new Set(Object.values(VALIDATION_RULES))).toEqual(texts);
    for (const text of Object.values(NOTIFICATION_RULES)) expect(texts).toContain(text);
  });

  it.each<[keyof typeof VALIDATION_RULES, { mentions: string[] }]>([
    ['zenSync', { mentions: ['zen', 'sync false'] }],
    ['scheduleRequired', { mentions: ['schedule', 'required', 'scheduled'] }],
    ['scheduleNotNull', { mentions: ['schedule', 'null', 'scheduled'] }],
    ['scheduleOrder', { mentions: ['end_time', 'start_time'] }],
    ['linkedTrackersMax', { mentions: [`at most ${LIMITS.linkedTrackersMax}`, 'linked trackers'] }],
    ['linkedTrackersOwn', { mentions: ['own', 'same space'] }],
    ['fileExtension', { mentions: ['extension', 'x-file-types'] }],
    ['fileContent', { mentions: ['content', 'PDF', 'PNG', 'JPEG', 'UTF-8'] }],
    ['fileNotEmpty', { mentions: ['not empty'] }],
    [
      'imageDescription',
      { mentions: [`${LIMITS.imageDescriptionMin}-${LIMITS.imageDescriptionMax}`, 'jpg', 'jpeg', 'png'] },
    ],
    ['belowNeedsLower', { mentions: ['notify_below', 'lower_threshold'] }],
    ['aboveNeedsUpper', { mentions: ['notify_above', 'upper_threshold'] }],
    ['ordered', { mentions: ['lower_threshold <= upper_threshold'] }],
    ['directionNeeded', { mentions: ['direction', 'channel'] }],
    ['legacyTogether', { mentions: ['score_threshold', 'threshold_direction'] }],
  ])('%s is the text it is named after', (name, { mentions }) => {
    for (const word of mentions) expect(VALIDATION_RULES[name]).toContain(word);
  });

  it('agrees with the keywords next to it (linked trackers in create and update)', () => {
    const s = openapiDocument.components.schemas;
    expect(s.AgentConfigUpdate.properties.linked_trackers['x-trackerkit-rules']).toEqual(
      s.AgentConfig.properties.linked_trackers['x-trackerkit-rules'],
    );
    expect(s.AgentConfigUpdate.properties.linked_trackers.maxItems).toBe(LIMITS.linkedTrackersMax);
  });
});
