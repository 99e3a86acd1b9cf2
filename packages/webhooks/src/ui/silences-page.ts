import { parseDuration } from '../config-common/parse-duration.ts';
import type { InhibitRule } from '../silences/inhibit.ts';
import {
  formatMatcher,
  parseSilenceInput,
  type Silence,
  silenceState,
  toApiMatcher,
} from '../silences/silence.ts';
import type { Store } from '../store/store.ts';
import { html, layout, stateChip, time } from './html.ts';

export interface SilenceForm {
  matchers: string;
  duration: string;
  comment: string;
  author: string;
}

export const EMPTY_SILENCE_FORM: SilenceForm = { matchers: '', duration: '2h', comment: '', author: '' };

/**
 * The form's fields as the silences API's body: matchers one per line (`signal="Poor"`, the form
 * route matchers take), a duration from now (`30m`, `2h`, `1d`). Throws naming the field.
 */
export function silenceFromForm(form: SilenceForm, now: number) {
  let ms: number;
  try {
    ms = parseDuration(form.duration.trim());
  } catch {
    throw new Error('duration: must be a duration such as 30m, 2h or 1d');
  }
  if (!(ms > 0)) throw new Error('duration: must be more than zero');
  const matchers = form.matchers
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return parseSilenceInput(
    {
      matchers,
      endsAt: new Date(now + ms).toISOString(),
      createdBy: form.author,
      comment: form.comment,
    },
    now,
  );
}

function silenceRow(s: Silence, now: number) {
  const state = silenceState(s, now);
  const expire =
    state === 'expired'
      ? ''
      : html`<form class="inline" method="post" action="/ui/silences/${s.id}/expire"><button type="submit">Expire</button></form>`;
  // The anchor an alert held by this silence links to (/ui/silences#silence-<id>).
  return html`<tr id="silence-${s.id}" data-silence-id="${s.id}"><td>${stateChip(state)}<div class="muted"><code>${s.id}</code></div></td><td>${s.matchers.map(
    (m) => html`<code>${formatMatcher(m)}</code><br>`,
  )}</td><td>${time(s.startsAt)}<br>${time(s.endsAt)}</td><td>${s.createdBy}</td><td>${s.comment}</td><td>${expire}</td></tr>`;
}

/**
 * The configuration's inhibit rules, each row the anchor an alert held by it links to
 * (`/ui/silences#inhibit-rule-<index>`), with a search for the alerts that are its sources.
 */
function inhibitRulesTable(rules: readonly InhibitRule[]) {
  if (rules.length === 0) return html`<p class="muted">No inhibit rules are configured.</p>`;
  const list = (ms: InhibitRule['sourceMatchers']) =>
    ms.map((m) => html`<code>${formatMatcher(toApiMatcher(m))}</code><br>`);
  const sources = (rule: InhibitRule) =>
    `/ui?filter=${encodeURIComponent(rule.sourceMatchers.map((m) => formatMatcher(toApiMatcher(m))).join(', '))}`;
  return html`<table><thead><tr><th>Rule</th><th>Source matchers</th><th>Target matchers</th><th>Equal</th></tr></thead>
<tbody>${rules.map(
    (rule, i) =>
      html`<tr id="inhibit-rule-${i}" data-inhibit-rule-row="${i}"><td><code>inhibit_rules.${i}</code></td><td>${list(rule.sourceMatchers)}<a href="${sources(rule)}">alerts matching</a></td><td>${list(rule.targetMatchers)}</td><td>${rule.equal.map((name) => html`<code>${name}</code> `)}</td></tr>`,
  )}</tbody></table>`;
}

/** `/ui/silences`: active, pending and expired silences, the create form, Expire buttons, the inhibit rules. */
export async function silencesPage(
  store: Store,
  now: number,
  options: { form?: SilenceForm; error?: string; flash?: string; rules?: readonly InhibitRule[] } = {},
): Promise<string> {
  const form = options.form ?? EMPTY_SILENCE_FORM;
  const all = await store.silences.list();
  const order = { active: 0, pending: 1, expired: 2 } as const;
  const sorted = all
    .map((s) => ({ s, state: silenceState(s, now) }))
    .sort((a, b) => order[a.state] - order[b.state]);
  const table =
    sorted.length === 0
      ? html`<p class="muted">No silences.</p>`
      : html`<table><thead><tr><th>State</th><th>Matchers</th><th>Starts / ends</th><th>Author</th><th>Comment</th><th></th></tr></thead>
<tbody>${sorted.map(({ s }) => silenceRow(s, now))}</tbody></table>`;
  const body = html`${options.flash ? html`<p class="flash" role="status">${options.flash}</p>` : ''}
${table}
<h2>New silence</h2>
${options.error ? html`<p class="error" role="alert">${options.error}</p>` : ''}
<form method="post" action="/ui/silences">
<label for="matchers">Matchers, one per line (<code>signal="Poor"</code>, <code>tracker_id=~"trk_.*"</code>)</label>
<textarea id="matchers" name="matchers" rows="3" required>${form.matchers}</textarea>
<label for="duration">Duration from now (30m, 2h, 1d)</label><input id="duration" name="duration" value="${form.duration}" required>
<label for="comment">Comment</label><input id="comment" name="comment" value="${form.comment}" required>
<label for="author">Author</label><input id="author" name="author" value="${form.author}" required>
<p><button type="submit">Create silence</button></p>
</form>
<h2>Inhibit rules</h2>
${inhibitRulesTable(options.rules ?? [])}`;
  return layout('/ui/silences', 'Silences', body);
}
