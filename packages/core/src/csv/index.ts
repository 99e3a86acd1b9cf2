// @trackerkit/core/csv: the one reader configuration of a CSV file (header rule, short and long
// rows, names, cell types). A subpath of its own: only the layers that read files need it, and
// they bring the parser (csv-parse); the rulebook's entry and the n8n node's bundle never carry it.
export { csvCell } from './cell.ts';
export {
  CSV_PARSE_OPTIONS,
  type CsvCastContext,
  type CsvRow,
  type CsvValue,
  csvRowReader,
  csvRows,
} from './rows.ts';
