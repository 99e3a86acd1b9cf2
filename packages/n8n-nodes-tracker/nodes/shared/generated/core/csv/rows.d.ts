// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
export type CsvValue = string | number | boolean;
export type CsvRow = Record<string, CsvValue>;
/** What csv-parse's `cast` is given that the rule reads (its CastingContext has both). */
export interface CsvCastContext {
    /** Records read before this one: 0 while the header is read. */
    records: number;
    quoting: boolean;
}
/**
 * The parser's options, for csv-parse's `parse(text, CSV_PARSE_OPTIONS)` (sync or stream): records
 * as arrays of any length, so that `csvRowReader` shapes short and long rows by the rule above.
 */
export declare const CSV_PARSE_OPTIONS: {
    readonly bom: true;
    readonly relax_column_count: true;
    readonly skip_empty_lines: true;
    readonly cast: (value: string, context: CsvCastContext) => CsvValue;
};
/**
 * A reader of the parser's records, in order: the first is the header (the answer is undefined),
 * each later one a row. One reader per file.
 */
export declare function csvRowReader(): (record: readonly unknown[]) => CsvRow | undefined;
/** Rows of a file's records (the sync form of `csvRowReader`). */
export declare function csvRows(records: Iterable<readonly unknown[]>): CsvRow[];
