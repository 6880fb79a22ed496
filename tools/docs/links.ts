import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The README stays a page a newcomer reads to the end; everything else lives in docs/. */
export const README_MAX_LINES = 300;

export const REPO = path.resolve(__dirname, '../..');

/** README.md and every docs/*.md, as paths relative to the repository. */
export function documentationFiles(repo = REPO): string[] {
  const docs = readdirSync(path.join(repo, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

/** Lines of a Markdown text outside fenced code blocks, with their 1-based numbers. */
function proseLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let fence: string | undefined;
  text.split('\n').forEach((l, i) => {
    const m = /^\s*(```+|~~~+)/.exec(l);
    if (m) {
      if (!fence) fence = m[1][0];
      else if (m[1][0] === fence) fence = undefined;
      return;
    }
    if (!fence) out.push({ line: i + 1, text: l.replace(/`[^`]*`/g, '') });
  });
  return out;
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2… */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fence: string | undefined;
  for (const l of markdown.split('\n')) {
    const f = /^\s*(```+|~~~+)/.exec(l);
    if (f) {
      if (!fence) fence = f[1][0];
      else if (f[1][0] === fence) fence = undefined;
      continue;
    }
    const h = fence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(l);
    if (!h) continue;
    const base = h[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

export type LinkProblem = { file: string; line: number; target: string; problem: string };

/**
 * Relative links of one Markdown file (relative to `repo`) whose file does not exist, or whose `#anchor` names no
 * heading of the Markdown file it points to. External links (scheme:) are not checked.
 */
export function linkProblems(file: string, repo = REPO): LinkProblem[] {
  const abs = path.join(repo, file);
  const text = readFileSync(abs, 'utf8');
  const problems: LinkProblem[] = [];
  for (const { line, text: l } of proseLines(text)) {
    for (const m of l.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = m[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [p, hash] = target.split('#', 2);
      const dest = p ? path.resolve(path.dirname(abs), decodeURIComponent(p)) : abs;
      if (!existsSync(dest)) {
        problems.push({ file, line, target, problem: `${path.relative(repo, dest)} does not exist` });
        continue;
      }
      if (hash && dest.endsWith('.md') && statSync(dest).isFile() && !anchors(readFileSync(dest, 'utf8')).has(hash)) {
        problems.push({ file, line, target, problem: `no heading #${hash} in ${path.relative(repo, dest)}` });
      }
    }
  }
  return problems;
}

export const formatLinkProblem = (p: LinkProblem) => `${p.file}:${p.line}: (${p.target}) ${p.problem}`;
