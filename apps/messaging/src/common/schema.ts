/** The messaging schema, for the few raw SQL statements (the connection's search_path is not set to it). */
export const SCHEMA = 'messaging';
/** A table of the messaging schema, quoted for raw SQL. */
export const table = (name: string) => `"${SCHEMA}"."${name}"`;
