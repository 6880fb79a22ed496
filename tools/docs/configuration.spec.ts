import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { configurationReference, OUTPUT, SERVICES } from './configuration';

describe('docs/configuration.md', () => {
  it('is what `npm run docs:config` writes from the zod schemas', () => {
    expect(readFileSync(OUTPUT, 'utf8'), 'docs/configuration.md is stale: run `npm run docs:config` and commit it').toBe(configurationReference());
  });

  it('lists every variable of every service once, with the services that read it', () => {
    const doc = readFileSync(OUTPUT, 'utf8');
    const rows = doc.split('\n').filter((l) => l.startsWith('| `'));
    const names = rows.map((l) => /^\| `([A-Z0-9_]+)`/.exec(l)![1]);
    expect(new Set(names).size).toBe(names.length);
    for (const svc of SERVICES) {
      for (const name of Object.keys(svc.extra)) {
        const row = rows.find((l) => l.startsWith(`| \`${name}\` |`));
        expect(row, `${name} of ${svc.service}`).toBeDefined();
        expect(row!.split(' | ')[1], `services of ${name}`).toMatch(new RegExp(`^(all|.*\\b${svc.service}\\b.*)$`));
      }
    }
    expect(rows.find((l) => l.startsWith('| `PORT` |'))).toContain('creative `3100`, messaging `3200`, entity `3300`');
  });

  it('refuses a variable without a description', () => {
    const service = { service: 'messaging', defaults: { port: 1, rateLimitPerMinute: 1 }, extra: { UNDOCUMENTED_THING: z.string().optional() } };
    expect(() => configurationReference([service])).toThrow(/No \.describe\(\) text for UNDOCUMENTED_THING/);
  });
});
