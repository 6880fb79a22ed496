import { CredentialRejectedError } from '@platform/auth';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { loadEntityConfig } from '../config';
import { accessTokenHash, DPOP_ALGORITHMS, DpopExpectations, verifyDpopProof } from './dpop-proof';
import { DpopService } from './dpop.service';

const TOKEN = 'opaque-access-token';
const URL_ = 'https://entity.example/api/v1/entities/ent_1/messages';

async function setup(alg: 'ES256' | 'Ed25519' = 'ES256') {
  const key = await generateKeyPair(alg, { extractable: true });
  const jwk = await exportJWK(key.publicKey);
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT({ htm: 'GET', htu: URL_, iat: Math.floor(Date.now() / 1000), jti: randomUUID(), ath: accessTokenHash(TOKEN), ...claims })
      .setProtectedHeader({ alg, typ: 'dpop+jwt', jwk })
      .sign(key.privateKey);
  const expected: DpopExpectations = {
    method: 'GET',
    url: URL_,
    accessToken: TOKEN,
    jkt: await calculateJwkThumbprint(jwk),
    algorithms: DPOP_ALGORITHMS,
    now: Math.floor(Date.now() / 1000),
    maxAgeSeconds: 300,
    maxSkewSeconds: 60,
  };
  return { sign, expected };
}

const refusal = (message: RegExp) => expect.objectContaining({ error: 'invalid_dpop_proof', message: expect.stringMatching(message) });

describe('verifyDpopProof', () => {
  it('accepts ES256 and Ed25519 proofs, comparing htu after URL normalization and without query or fragment', async () => {
    for (const alg of ['ES256', 'Ed25519'] as const) {
      const { sign, expected } = await setup(alg);
      await expect(verifyDpopProof(await sign({}), expected)).resolves.toMatchObject({ iat: expected.now });
      for (const htu of ['https://ENTITY.example:443/api/v1/entities/ent_1/messages', `${URL_}?a=1`, `${URL_}#f`]) {
        await expect(verifyDpopProof(await sign({ htu }), expected)).resolves.toBeTruthy();
      }
    }
  });

  it('accepts iat at the edges of the window and refuses it one second past them', async () => {
    const { sign, expected } = await setup();
    await expect(verifyDpopProof(await sign({ iat: expected.now - 300 }), expected)).resolves.toBeTruthy();
    await expect(verifyDpopProof(await sign({ iat: expected.now + 60 }), expected)).resolves.toBeTruthy();
    await expect(verifyDpopProof(await sign({ iat: expected.now - 301 }), expected)).rejects.toEqual(refusal(/too old/));
    await expect(verifyDpopProof(await sign({ iat: expected.now + 61 }), expected)).rejects.toEqual(refusal(/future/));
    await expect(verifyDpopProof(await sign({ iat: 'now' }), expected)).rejects.toBeInstanceOf(CredentialRejectedError);
  });

  it('refuses a proof without jti, with another htu scheme or path, or without htm', async () => {
    const { sign, expected } = await setup();
    await expect(verifyDpopProof(await sign({ jti: undefined }), expected)).rejects.toEqual(refusal(/jti/));
    await expect(verifyDpopProof(await sign({ jti: '' }), expected)).rejects.toEqual(refusal(/jti/));
    await expect(verifyDpopProof(await sign({ htu: URL_.replace('https:', 'http:') }), expected)).rejects.toEqual(refusal(/htu/));
    await expect(verifyDpopProof(await sign({ htu: `${URL_}/` }), expected)).rejects.toEqual(refusal(/htu/));
    await expect(verifyDpopProof(await sign({ htu: 'not a url' }), expected)).rejects.toEqual(refusal(/htu/));
    await expect(verifyDpopProof(await sign({ htm: undefined }), expected)).rejects.toEqual(refusal(/htm/));
    await expect(verifyDpopProof('a'.repeat(9000), expected)).rejects.toEqual(refusal(/too long/));
  });
});

describe('DpopService without Redis', () => {
  it('remembers proofs in memory: a jti is accepted once per key', async () => {
    const config = loadEntityConfig({ PUBLIC_BASE_URL: 'https://entity.example' });
    const service = new DpopService(config, null);
    const { sign, expected } = await setup();
    const presented = (proof: string) => ({ scheme: 'dpop' as const, method: 'GET', path: '/api/v1/entities/ent_1/messages', proofs: [proof] });
    const once = await sign({});
    await expect(service.confirm(TOKEN, expected.jkt, presented(once))).resolves.toBeUndefined();
    await expect(service.confirm(TOKEN, expected.jkt, presented(once))).rejects.toEqual(refusal(/replayed/));
    await expect(service.confirm(TOKEN, expected.jkt, presented(await sign({})))).resolves.toBeUndefined();
    // Scheme rules: a bound token needs DPoP, an unbound one refuses it.
    await expect(service.confirm(TOKEN, expected.jkt, { ...presented(await sign({})), scheme: 'bearer' })).rejects.toMatchObject({ error: 'invalid_token' });
    await expect(service.confirm(TOKEN, undefined, presented(await sign({})))).rejects.toMatchObject({ error: 'invalid_token' });
    await expect(service.confirm(TOKEN, undefined, { ...presented(''), scheme: 'bearer', proofs: [] })).resolves.toBeUndefined();
  });
});
