// YAML as Go's gopkg.in/yaml.v2 writes it (Alertmanager's `Config.String()`): lists at their key's
// indent, a string quoted only where it would read back as something else, double quotes for
// what YAML 1.1 reads as a number, boolean, null or time (`"09:00"`, `"500"`), single quotes where
// its emitter refuses a plain scalar, and flow style where Alertmanager's struct tags ask for it.
import { Document, isMap, isPair, isScalar, isSeq, type Node, visit } from 'yaml';

/** What yaml.v2 reads back as a bool, null, number or merge key (YAML 1.1's resolve table). */
const YAML11_WORDS = new Set(
  [
    'y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF',
    'null|Null|NULL|~|<<|.inf|.Inf|.INF|+.inf|+.Inf|+.INF|-.inf|-.Inf|-.INF|.nan|.NaN|.NAN',
  ]
    .join('|')
    .split('|'),
);
const NUMBER =
  /^[-+]?(?:0b[01_]+|0o?[0-7_]+|0x[0-9a-fA-F_]+|(?:[0-9][0-9_]*)?\.?[0-9_]*(?:[eE][-+]?[0-9]+)?)$/;
const BASE60 = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
const TIMESTAMP = /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}.*)?$/;

/** Whether yaml.v2 double-quotes this string: written plain, it would read back as another type. */
function readsAsOther(text: string): boolean {
  if (text === '' || YAML11_WORDS.has(text) || BASE60.test(text) || TIMESTAMP.test(text)) return true;
  return /[0-9]/.test(text) && NUMBER.test(text);
}

/** Characters that keep libyaml from writing a scalar plain inside `[...]` or `{...}`. */
const FLOW_INDICATORS = /[,[\]{}:?#]/;

/**
 * `value` as yaml.v2 writes it. `flowKeys`: keys whose list Alertmanager tags `flow`. `leaky`:
 * keys of a list of maps where yaml.v2 carries a `flow` scalar field's style into the next item
 * (its encoder leaves the flag set after a scalar), so that item is written in flow style.
 */
export function goYaml(
  value: unknown,
  options: { flowKeys?: ReadonlySet<string>; leaky?: { list: string; field: string } } = {},
): string {
  const doc = new Document(value, { aliasDuplicateObjects: false });
  const flow = (node: Node) => {
    if (isMap(node) || isSeq(node)) node.flow = true;
  };
  visit(doc, {
    Pair(_, pair) {
      if (!isScalar(pair.key)) return;
      const key = String(pair.key.value);
      if (options.flowKeys?.has(key) && isSeq(pair.value)) pair.value.flow = true;
      const leak = options.leaky;
      if (leak && key === leak.list && isSeq(pair.value)) {
        const items = pair.value.items;
        items.forEach((item, i) => {
          const before = items[i - 1];
          if (
            isMap(before) &&
            before.items.some((p) => isPair(p) && isScalar(p.key) && p.key.value === leak.field)
          )
            flow(item as Node);
        });
      }
    },
  });
  visit(doc, {
    Scalar(_, node, path) {
      if (typeof node.value !== 'string') return;
      if (readsAsOther(node.value)) node.type = 'QUOTE_DOUBLE';
      else if (/^(?:---|\.\.\.)/.test(node.value)) node.type = 'QUOTE_SINGLE';
      else if (path.some((p) => (isMap(p) || isSeq(p)) && p.flow) && FLOW_INDICATORS.test(node.value))
        node.type = 'QUOTE_SINGLE';
    },
  });
  return doc.toString({ indentSeq: false, singleQuote: true, lineWidth: 0, flowCollectionPadding: false });
}
