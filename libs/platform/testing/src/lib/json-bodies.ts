/** JSON text of objects nested exactly `levels` deep (`{"a":{"a":…1}}`), with `leaf` (scalar JSON) at the bottom. */
export function deepJson(levels: number, leaf = '1'): string {
  return `${'{"a":'.repeat(levels)}${leaf}${'}'.repeat(levels)}`;
}
