/** Types of table-owners.mjs (plain JS, so that eslint.config.js can import it). */
export declare const TABLE_OWNERS: Readonly<Record<string, string>>;
export declare const PENDING_TABLE_IMPORTS: Readonly<Record<string, readonly string[]>>;
