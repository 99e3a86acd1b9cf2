// What the alerts page says about one alert beyond its routing: its labels, why a held delivery
// was not sent (the silence that held it, linked, or the inhibit rule, described), and the
// matchers "Silence this" starts from.

import type { LabelMatcher } from '../router/label-matcher.ts';
import type { InhibitRule } from '../silences/inhibit.ts';
import { targetingRules } from '../silences/inhibit.ts';
import { type CompiledSilence, formatMatcher, silences, toApiMatcher } from '../silences/silence.ts';
import { html, type SafeHtml } from './html.ts';

type Labels = Record<string, string>;

export interface HoldContext {
  /** Every stored silence (expired ones too: one may have held an alert before it ended). */
  silences: readonly CompiledSilence[];
  /** The running configuration's inhibit rules. */
  rules: readonly InhibitRule[];
}

const text = (matchers: readonly LabelMatcher[]) =>
  matchers.map((m) => formatMatcher(toApiMatcher(m))).join(', ');

/** An inhibit rule as the configuration writes it, in one line. */
function describeRule(rule: InhibitRule): string {
  return `source_matchers [${text(rule.sourceMatchers)}], target_matchers [${text(rule.targetMatchers)}], equal [${rule.equal.join(', ')}]`;
}

/** The rule, linked to its row on `/ui/silences` (where the inhibit rules are listed). */
const ruleLink = (i: number) =>
  html`<a href="/ui/silences#inhibit-rule-${i}" data-rule-link="${i}"><code>inhibit_rules.${i}</code></a>`;

/** `/ui` searched for exactly these labels: the alert they are, newest first. */
function alertSearch(labels: Labels): string {
  const filter = Object.entries(labels)
    .map(([name, value]) => formatMatcher({ name, value, isRegex: false, isEqual: true }))
    .join(', ');
  return `/ui?filter=${encodeURIComponent(filter)}`;
}

/**
 * `/ui` searched for the alerts that inhibit `target` through `rule`: its source matchers and the
 * `equal` labels at the target's values (an absent one as empty, which matches its absence).
 */
function sourceSearch(rule: InhibitRule, target: Labels): string {
  const equal = rule.equal.map((name) =>
    formatMatcher({ name, value: target[name] ?? '', isRegex: false, isEqual: true }),
  );
  return `/ui?filter=${encodeURIComponent([text(rule.sourceMatchers), ...equal].filter((t) => t !== '').join(', '))}`;
}

/**
 * The silences that held an alert received at `receivedAt`: those active then whose matchers all
 * hold for its labels (the rule the receiver applied when it stored the alert).
 */
function heldBySilences(ctx: HoldContext, labels: Labels, receivedAt: number): CompiledSilence[] {
  return ctx.silences.filter((s) => silences(s, labels, receivedAt));
}

/** The inhibit rules (by index) whose target matchers hold for these labels. */
function targetingRuleIndexes(rules: readonly InhibitRule[], labels: Labels): number[] {
  return rules.flatMap((rule, i) => (targetingRules([rule], labels).length > 0 ? [i] : []));
}

const silenceLink = (s: CompiledSilence) =>
  html`<a href="/ui/silences#silence-${s.id}" data-held-by="${s.id}">${s.id.slice(0, 8)}</a> <span class="muted">(${s.createdBy}: ${s.comment})</span>`;

/** Why a `silenced` or `inhibited` delivery was not sent, for the page; nothing for other states. */
export function holdReason(
  state: string,
  ctx: HoldContext,
  labels: Labels,
  receivedAt: number,
  current?: CurrentHold,
): SafeHtml | '' {
  if (state === 'silenced') {
    const found = heldBySilences(ctx, labels, receivedAt);
    if (found.length === 0)
      return html`<div class="held muted">held by a silence no longer stored (retention removed it)</div>`;
    return html`${found.map((s) => html`<div class="held">held by silence ${silenceLink(s)}</div>`)}`;
  }
  if (state === 'inhibited') {
    const indexes = targetingRuleIndexes(ctx.rules, labels);
    if (indexes.length === 0)
      return html`<div class="held muted">held by an inhibit rule no longer configured</div>`;
    return html`${indexes.map((i) => {
      const now = current?.inhibitedBy.find((x) => x.rule === i);
      return html`<div class="held" data-inhibit-rule="${i}">held by ${ruleLink(i)}: <code>${describeRule(ctx.rules[i]!)}</code>, while <a href="${sourceSearch(ctx.rules[i]!, labels)}" data-source-search="${i}">a source alert</a> fired${now ? html`; firing now: ${sourceLinks(now.sources)}` : ''}</div>`;
    })}`;
  }
  return '';
}

/** An alert firing now that holds another: what the page names it by. */
export interface SourceAlert {
  labels: Labels;
  fingerprint: string;
}

/** What holds an alert firing now: the active silences matching it, the rules and their firing sources. */
export interface CurrentHold {
  silencedBy: readonly CompiledSilence[];
  inhibitedBy: ReadonlyArray<{ rule: number; sources: readonly SourceAlert[] }>;
}

/** Each source alert, linked to its rows on `/ui` (a search for exactly its labels). */
function sourceLinks(sources: readonly SourceAlert[]): SafeHtml {
  return html`${sources.map(
    (a, i) =>
      html`${i > 0 ? ', ' : ''}<a href="${alertSearch(a.labels)}" data-source-alert="${a.fingerprint}">${a.labels.alertname ?? a.labels.tracker_name ?? a.fingerprint}</a> <code class="muted">${a.fingerprint}</code>`,
  )}`;
}

/**
 * The hold of an alert firing now, said under its routing: each silence and rule linked, each
 * source alert linked. `said`: the kinds a held delivery of the alert already explains.
 */
export function currentHoldReason(
  hold: CurrentHold,
  rules: readonly InhibitRule[],
  said: ReadonlySet<string> = new Set(),
): SafeHtml {
  const inhibited = said.has('inhibited') ? [] : hold.inhibitedBy;
  const silenced = said.has('silenced') ? [] : hold.silencedBy;
  return html`${inhibited.map(
    ({ rule, sources }) =>
      html`<div class="held" data-inhibit-rule="${rule}">inhibited now by ${ruleLink(rule)}: <code>${describeRule(rules[rule]!)}</code>; source ${sourceLinks(sources)}</div>`,
  )}${silenced.map((s) => html`<div class="held">silenced now by silence ${silenceLink(s)}</div>`)}`;
}

// A tracker's score changes with every run: a silence naming it would hold only that one run.
const NOT_PREFILLED = new Set(['score']);

/** "Silence this": the alert's labels as matchers, one per line, as the silence form reads them. */
export function silenceThisMatchers(labels: Labels, isTracker: boolean): string {
  return Object.entries(labels)
    .filter(([name]) => !(isTracker && NOT_PREFILLED.has(name)))
    .map(([name, value]) => formatMatcher({ name, value, isRegex: false, isEqual: true }))
    .join('\n');
}

/** The labels as `name="value"` chips. */
export function labelChips(labels: Labels): SafeHtml {
  return html`<div class="labels">${Object.entries(labels).map(
    ([name, value]) =>
      html`<code class="label">${formatMatcher({ name, value, isRegex: false, isEqual: true })}</code> `,
  )}</div>`;
}
