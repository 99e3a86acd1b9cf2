// The signal chart's View: one self-contained HTML document (no network fetch, no framework) that
// an MCP Apps host renders in a sandboxed iframe next to a list_runs result. It speaks the Apps
// protocol (2026-01-26) over postMessage itself, in ~100 lines: the extension's View class comes
// bundled with its dependencies at 540 KB, two hundred times this page. The host-side judge of the
// protocol is the extension's own AppBridge (test/integration/signal-chart.browser.test.ts).
//
// What it draws: the tracker's last completed runs, oldest to newest, score 0-10 on the y axis;
// the lower and upper bounds of its alert condition as dashed lines; the runs that sent an alert
// (an e-mail or webhook delivery was made) as red rings; the signal, score and time on hover.
// Theme: the host's `theme` (light or dark) from its context, updated when it changes.

import { SIGNAL_CHART_RULE } from '../generated/signal-chart-rule.ts';

const STYLE = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --grid: #d1d9e0;
  --line: #0969da; --point: #0969da; --alert: #cf222e; --lower: #bc4c00; --upper: #1a7f37; --tip: #f6f8fa; }
:root[data-theme="dark"] { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --grid: #3d444d;
  --line: #4493f8; --point: #4493f8; --alert: #ff7b72; --lower: #f0883e; --upper: #3fb950; --tip: #151b23; }
html, body { margin: 0; background: var(--bg); color: var(--fg);
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; }
main { padding: 12px 16px; }
h1 { font-size: 15px; margin: 0 0 2px; }
p { margin: 0 0 8px; color: var(--muted); }
svg { display: block; width: 100%; height: auto; overflow: visible; }
.grid { stroke: var(--grid); stroke-width: 1; }
.axis { fill: var(--muted); font-size: 11px; }
.score { fill: none; stroke: var(--line); stroke-width: 2; }
.point { fill: var(--point); stroke: var(--bg); stroke-width: 1.5; cursor: default; }
.point.alerted { fill: var(--alert); stroke: var(--alert); stroke-width: 3; stroke-opacity: .35; }
.bound { stroke-width: 1.5; stroke-dasharray: 6 4; }
.bound.lower { stroke: var(--lower); } .bound.upper { stroke: var(--upper); }
.bound-label.lower { fill: var(--lower); } .bound-label.upper { fill: var(--upper); }
#tip { position: fixed; pointer-events: none; background: var(--tip); border: 1px solid var(--grid);
  border-radius: 6px; padding: 4px 8px; display: none; white-space: nowrap; }
.legend span { margin-right: 14px; } .legend i { display: inline-block; width: 10px; height: 10px;
  border-radius: 50%; margin-right: 4px; vertical-align: -1px; }
`;

const SCRIPT = `
(function () {
  var W = 640, H = 260, L = 34, R = 12, T = 10, B = 26;
  var state = { args: null, result: null, tracker: null, runs: null };
  var nextId = 1, pending = {};
  function send(message) { window.parent.postMessage(message, '*'); }
  function request(method, params) {
    var id = nextId++;
    send({ jsonrpc: '2.0', id: id, method: method, params: params });
    return new Promise(function (resolve, reject) { pending[id] = { resolve: resolve, reject: reject }; });
  }
  function callTool(name, args) {
    return request('tools/call', { name: name, arguments: args }).then(function (result) {
      if (!result || result.isError) throw new Error(name + ' failed');
      return result.structuredContent;
    });
  }
  function applyContext(context) {
    if (context && (context.theme === 'light' || context.theme === 'dark'))
      document.documentElement.setAttribute('data-theme', context.theme);
  }
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent) return;
    var m = event.data;
    if (!m || m.jsonrpc !== '2.0') return;
    if (m.method === undefined && m.id !== undefined) {
      var waiting = pending[m.id];
      delete pending[m.id];
      if (waiting) m.error ? waiting.reject(m.error) : waiting.resolve(m.result);
      return;
    }
    if (m.method === 'ui/notifications/tool-input') { state.args = m.params.arguments || {}; load(); }
    else if (m.method === 'ui/notifications/tool-result') { state.result = m.params; draw(); }
    else if (m.method === 'ui/notifications/host-context-changed') applyContext(m.params);
    else if (m.id !== undefined) {
      // Requests from the host: a ping and the teardown before the view goes are answered empty.
      var known = m.method === 'ping' || m.method === 'ui/resource-teardown';
      send(known ? { jsonrpc: '2.0', id: m.id, result: {} }
        : { jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'Method not found: ' + m.method } });
    }
  });

  // The bounds and the alerts are not in list_runs' compact result: the view asks the server for
  // the tracker's alert condition and for its last 50 completed runs with their deliveries.
  function load() {
    var id = state.args && state.args.tracker_id;
    if (!id) return;
    Promise.all([
      callTool('get_tracker', { tracker_id: id }),
      callTool('list_runs', { tracker_id: id, status: 'completed', page_size: 50,
        fields: ['completed_at', 'notification_delivery'] })
    ]).then(function (both) { state.tracker = both[0]; state.runs = both[1].items; draw(); },
      function () { draw(); });
  }

  // The service's rule for which thresholds a config alerts at: the core's own alertCondition,
  // bundled from its module by esbuild (scripts/bundle-chart-rule.ts), declared in this scope.
${SIGNAL_CHART_RULE}
  var alertCondition = trackerkitChartRule.alertCondition;
  function bounds(config) { return alertCondition(config || {}); }
  function alerted(run) {
    var d = run.notification_delivery;
    return !!(d && (d.email || d.webhook));
  }
  function el(name, attrs, text) {
    var node = document.createElementNS('http://www.w3.org/2000/svg', name);
    for (var k in attrs) node.setAttribute(k, attrs[k]);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function when(run) { return (run.completed_at || run.started_at || '').replace('T', ' ').slice(0, 16); }

  function draw() {
    var runs = state.runs || (state.result && state.result.structuredContent && state.result.structuredContent.items) || [];
    runs = runs.filter(function (r) { return typeof r.score === 'number'; }).slice().reverse();
    var b = bounds(state.tracker && state.tracker.notification_config);
    var name = state.tracker ? state.tracker.name : (state.args && state.args.tracker_id) || 'Tracker';
    document.getElementById('title').textContent = name;
    var alerts = runs.filter(alerted).length;
    document.getElementById('summary').textContent = runs.length === 0 ? 'No completed runs yet.'
      : runs.length + ' runs, ' + when(runs[0]) + ' to ' + when(runs[runs.length - 1]) + '; '
        + alerts + ' alerted';
    var svg = document.getElementById('chart');
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    var x = function (i) { return L + (runs.length < 2 ? (W - L - R) / 2 : i * (W - L - R) / (runs.length - 1)); };
    var y = function (s) { return T + (10 - s) * (H - T - B) / 10; };
    for (var s = 0; s <= 10; s += 2) {
      svg.appendChild(el('line', { 'class': 'grid', x1: L, x2: W - R, y1: y(s), y2: y(s) }));
      svg.appendChild(el('text', { 'class': 'axis', x: L - 8, y: y(s) + 4, 'text-anchor': 'end' }, String(s)));
    }
    [['lower', b.lower], ['upper', b.upper]].forEach(function (pair) {
      if (pair[1] === null) return;
      svg.appendChild(el('line', { 'class': 'bound ' + pair[0], x1: L, x2: W - R, y1: y(pair[1]), y2: y(pair[1]),
        'data-threshold': pair[1] }));
      svg.appendChild(el('text', { 'class': 'axis bound-label ' + pair[0], x: W - R, y: y(pair[1]) - 4,
        'text-anchor': 'end' }, pair[0] + ' bound ' + pair[1]));
    });
    if (runs.length > 1) svg.appendChild(el('polyline', { 'class': 'score',
      points: runs.map(function (r, i) { return x(i) + ',' + y(r.score); }).join(' ') }));
    var tip = document.getElementById('tip');
    runs.forEach(function (r, i) {
      var label = (r.signal || '') + ' \\u00b7 score ' + r.score + ' \\u00b7 ' + when(r) + (alerted(r) ? ' \\u00b7 alerted' : '');
      var dot = el('circle', { 'class': alerted(r) ? 'point alerted' : 'point', cx: x(i), cy: y(r.score),
        r: alerted(r) ? 5 : 3.5, 'data-run-id': r.run_id, 'data-signal': r.signal || '' });
      dot.appendChild(el('title', {}, label));
      dot.addEventListener('mouseenter', function (e) {
        tip.textContent = label; tip.style.display = 'block';
        tip.style.left = (e.clientX + 12) + 'px'; tip.style.top = (e.clientY - 10) + 'px';
      });
      dot.addEventListener('mouseleave', function () { tip.style.display = 'none'; });
      svg.appendChild(dot);
    });
    if (runs.length) {
      svg.appendChild(el('text', { 'class': 'axis', x: L, y: H - 6 }, when(runs[0])));
      svg.appendChild(el('text', { 'class': 'axis', x: W - R, y: H - 6, 'text-anchor': 'end' }, when(runs[runs.length - 1])));
    }
    document.body.setAttribute('data-drawn', String(runs.length));
    send({ jsonrpc: '2.0', method: 'ui/notifications/size-changed',
      params: { height: document.documentElement.scrollHeight } });
  }

  request('ui/initialize', { appInfo: { name: 'trackerkit-signal-chart', version: '1.0.0' },
    appCapabilities: {}, protocolVersion: '2026-01-26' }).then(function (result) {
    applyContext(result && result.hostContext);
    send({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
  });
})();
`;

/** The View, as the `ui://` resource serves it. */
export const SIGNAL_CHART_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Signal chart</title><style>${STYLE}</style></head>
<body><main>
<h1 id="title">Signal chart</h1><p id="summary">Waiting for the runs...</p>
<svg id="chart" viewBox="0 0 640 260" role="img" aria-label="Scores of the tracker's runs over time"></svg>
<p class="legend"><span><i style="background:var(--point)"></i>score</span><span><i style="background:var(--alert)"></i>alerted</span><span style="color:var(--lower)">- - lower bound</span><span style="color:var(--upper)">- - upper bound</span></p>
</main><div id="tip"></div>
<script>${SCRIPT}</script></body></html>`;
