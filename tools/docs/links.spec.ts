import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { anchors, documentationFiles, formatLinkProblem, linkProblems, README_MAX_LINES, REPO } from './links';

describe('README.md and docs/', () => {
  it(`README.md has at most ${README_MAX_LINES} lines (the rest belongs in docs/)`, () => {
    const lines = readFileSync(path.join(REPO, 'README.md'), 'utf8').replace(/\n$/, '').split('\n').length;
    expect(lines, `README.md has ${lines} lines: move details into docs/`).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('every relative link of README.md and docs/*.md points to a file (and heading) that exists', () => {
    const files = documentationFiles();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/creative.md', 'docs/configuration.md']));
    const problems = files.flatMap((f) => linkProblems(f)).map(formatLinkProblem);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe('the link check', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'doc-links-'));
    mkdirSync(path.join(dir, 'docs'));
    writeFileSync(path.join(dir, 'docs/a.md'), '# A\n\n## Two words, and `code`\n\n## Two words, and `code`\n');
    writeFileSync(
      path.join(dir, 'README.md'),
      [
        '# Readme',
        '[ok](docs/a.md) [ok](docs/a.md#two-words-and-code) [ok](docs/a.md#two-words-and-code-1) [ok](#readme)',
        '[web](https://example.org/missing.md) [mail](mailto:x@example.org)',
        '[gone](docs/gone.md) [bad anchor](docs/a.md#three-words) ![img](docs/pic.png)',
        '```',
        '[inside a code block](docs/not-checked.md)',
        '```',
        '`[in code](docs/not-checked-either.md)`',
      ].join('\n'),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports missing files and headings, with their line, and nothing else', () => {
    expect(documentationFiles(dir)).toEqual(['README.md', 'docs/a.md']);
    expect(linkProblems('README.md', dir).map(formatLinkProblem)).toEqual([
      'README.md:4: (docs/gone.md) docs/gone.md does not exist',
      'README.md:4: (docs/a.md#three-words) no heading #three-words in docs/a.md',
      'README.md:4: (docs/pic.png) docs/pic.png does not exist',
    ]);
  });

  it('makes anchors as GitHub does', () => {
    expect([...anchors('# Entity OAuth 2.0\n## Creative: billing, plans\n## Creative: billing, plans\n')]).toEqual([
      'entity-oauth-20',
      'creative-billing-plans',
      'creative-billing-plans-1',
    ]);
  });
});
