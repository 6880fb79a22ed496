import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { featureCycles, featureGraph } from './feature-cycles.mjs';

const repo = path.resolve(__dirname, '../..');

describe('import cycles between feature folders', () => {
  // A lower feature offers a port (an interface and its token or holder, in its own folder) that the higher one
  // implements; it never imports the higher feature (see ARCHITECTURE.md, "Repositories own a feature's tables").
  // every service (see docs/architecture.md, "Repositories own a feature's tables").
  it.each(['creative', 'messaging', 'entity'])(
    '%s has none',
    async (svc) => {
      const cycles = featureCycles(await featureGraph(path.join(repo, 'apps', svc, 'src'), path.join(repo, 'tsconfig.base.json')));
      expect(cycles).toEqual([]);
    },
    60_000,
  );

  describe('on a fixture', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'feature-cycles-'));
      const file = (name: string, text: string) => {
        mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        writeFileSync(path.join(dir, name), text);
      };
      file('lower/lower.service.ts', `import type { Higher } from '../higher/higher.service';\nexport class Lower { h?: Higher; }\n`);
      file('higher/higher.service.ts', `import { Lower } from '../lower/lower.service';\nexport class Higher { l = new Lower(); }\n`);
      file('alone/alone.ts', `import { Lower } from '../lower/lower.service';\nexport const a = Lower;\n`);
      file('main.ts', `import { Higher } from './higher/higher.service';\nexport const m = Higher;\n`);
      file('tsconfig.json', '{"compilerOptions": {}}');
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('finds the two folders that import each other (a type import counts), and only them', async () => {
      const cycles = featureCycles(await featureGraph(dir, path.join(dir, 'tsconfig.json')));
      expect(cycles).toEqual([
        { features: ['higher', 'lower'], imports: ['higher/higher.service.ts → lower/lower.service.ts', 'lower/lower.service.ts → higher/higher.service.ts'] },
      ]);
    });
  });
});
