// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
export { csvCell } from './cell';
export { CSV_PARSE_OPTIONS, type CsvCastContext, type CsvRow, type CsvValue, csvRowReader, csvRows, } from './rows';
