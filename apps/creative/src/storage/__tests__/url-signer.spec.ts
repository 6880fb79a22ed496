import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCreativeConfig } from '../../config';
import { UrlSigner } from '../url-signer.service';

describe('UrlSigner', () => {
  it('generates a key once in development, kept with mode 0600, so URLs survive a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'signer-'));
    const config = loadCreativeConfig({ DATA_DIR: dir });
    const first = new UrlSigner(config);
    const expires = Math.floor(Date.now() / 1000) + 60;
    const sig = await first.sign('art_1', expires);
    const file = join(dir, 'url-signing.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    // Another process (a restart) reads the same key.
    expect(await new UrlSigner(config).verify('art_1', expires, sig)).toBe('valid');
    // Two starting together agree on one key.
    const dir2 = mkdtempSync(join(tmpdir(), 'signer-'));
    const a = new UrlSigner(loadCreativeConfig({ DATA_DIR: dir2 }));
    const b = new UrlSigner(loadCreativeConfig({ DATA_DIR: dir2 }));
    const [sa, sb] = await Promise.all([a.sign('x', 1), b.sign('x', 1)]);
    expect(sa).toBe(sb);
    // The drafts the key was written to are gone.
    expect(readdirSync(dir2)).toEqual(['url-signing.key']);
  });

  it('checks the signature before the expiry, in constant time, and refuses malformed ones', async () => {
    const signer = new UrlSigner(loadCreativeConfig({ URL_SIGNING_SECRET: 's'.repeat(40) }));
    const past = Math.floor(Date.now() / 1000) - 10;
    const sig = await signer.sign('art_1', past);
    expect(await signer.verify('art_1', past, sig)).toBe('expired');
    expect(await signer.verify('art_2', past, sig)).toBe('invalid');
    expect(await signer.verify('art_1', past + 100_000, sig)).toBe('invalid');
    expect(await signer.verify('art_1', past, sig.toUpperCase())).toBe('invalid');
    expect(await signer.verify('art_1', past, 'zz')).toBe('invalid');
    const other = new UrlSigner(loadCreativeConfig({ URL_SIGNING_SECRET: 't'.repeat(40) }));
    expect(await other.verify('art_1', past, sig)).toBe('invalid');
  });
});
