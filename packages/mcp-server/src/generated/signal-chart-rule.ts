// Generated from @trackerkit/core (rules/alert-condition.ts) by scripts/bundle-chart-rule.ts. Do not edit.
/** A browser script declaring `trackerkitChartRule`, whose `alertCondition` is the core's. */
export const SIGNAL_CHART_RULE = `var trackerkitChartRule = (() => {
  var __defProp = Object.defineProperty;
  var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
  var __getOwnPropNames = Object.getOwnPropertyNames;
  var __hasOwnProp = Object.prototype.hasOwnProperty;
  var __export = (target, all) => {
    for (var name in all)
      __defProp(target, name, { get: all[name], enumerable: true });
  };
  var __copyProps = (to, from, except, desc) => {
    if (from && typeof from === "object" || typeof from === "function") {
      for (let key of __getOwnPropNames(from))
        if (!__hasOwnProp.call(to, key) && key !== except)
          __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
    }
    return to;
  };
  var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

  // signal-chart-rule-entry.ts
  var signal_chart_rule_entry_exports = {};
  __export(signal_chart_rule_entry_exports, {
    alertCondition: () => alertCondition
  });

  // ../core/src/rules/notification.ts
  var V03_NOTIFICATION_FIELDS = [
    "notify_below",
    "lower_threshold",
    "notify_above",
    "upper_threshold"
  ];

  // ../core/src/rules/alert-condition.ts
  function alertCondition(config) {
    if (config.notify_below === true || config.notify_above === true) {
      return {
        rule: "bounds",
        lower: config.notify_below === true ? config.lower_threshold ?? null : null,
        upper: config.notify_above === true ? config.upper_threshold ?? null : null
      };
    }
    if (V03_NOTIFICATION_FIELDS.some((f) => config[f] !== void 0))
      return { rule: null, lower: null, upper: null };
    if (config.score_threshold != null && config.threshold_direction != null) {
      const t = Number(config.score_threshold);
      return {
        rule: "score_threshold",
        lower: config.threshold_direction === "below" ? t : null,
        upper: config.threshold_direction === "above" ? t : null
      };
    }
    return { rule: "signal_level", lower: null, upper: null };
  }
  return __toCommonJS(signal_chart_rule_entry_exports);
})();
`;
