/** Minimal SVG path data checker: commands, argument counts and numbers (SVG 1.1 grammar, relaxed). */
const ARGS: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

export interface PathDataResult {
  commands: number;
  error?: string;
}

export function parsePathData(d: string): PathDataResult {
  const re = /\s*([MmLlHhVvCcSsQqTtAaZz])|\s*,?\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/y;
  let pos = 0;
  let current: string | null = null;
  let pending = 0;
  let commands = 0;
  let args = 0;
  const trimmed = d.trim();
  while (pos < trimmed.length) {
    re.lastIndex = pos;
    const m = re.exec(trimmed);
    if (!m || m[0].length === 0) {
      if (/^[\s,]+$/.test(trimmed.slice(pos))) break;
      return { commands, error: `unexpected "${trimmed.slice(pos, pos + 8)}" at offset ${pos}` };
    }
    pos = re.lastIndex;
    if (m[1]) {
      if (current && pending !== 0 && args % (ARGS[current.toLowerCase()] || 1) !== 0) {
        return { commands, error: `command "${current}" has an incomplete argument list` };
      }
      if (current && ARGS[current.toLowerCase()] > 0 && args === 0) {
        return { commands, error: `command "${current}" has no arguments` };
      }
      if (commands === 0 && m[1].toLowerCase() !== 'm') return { commands, error: 'path data must start with a moveto (M or m)' };
      current = m[1];
      commands++;
      args = 0;
      pending = ARGS[current.toLowerCase()];
    } else {
      if (!current) return { commands, error: 'path data must start with a moveto (M or m)' };
      if (ARGS[current.toLowerCase()] === 0) return { commands, error: `"${current}" takes no arguments` };
      args++;
    }
  }
  if (commands === 0) return { commands, error: 'empty path data' };
  if (current) {
    const n = ARGS[current.toLowerCase()];
    if (n > 0 && (args === 0 || args % n !== 0)) return { commands, error: `command "${current}" has an incomplete argument list` };
  }
  return { commands };
}
