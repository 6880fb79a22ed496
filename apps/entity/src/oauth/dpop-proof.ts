import { CredentialRejectedError } from '@platform/auth';
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, errors, jwtVerify, type JWTPayload, type ProtectedHeaderParameters } from 'jose';
import { createHash } from 'node:crypto';

/**
 * The JWS algorithms of DPoP proofs (asymmetric only): the provider advertises them as
 * `dpop_signing_alg_values_supported` and accepts them at the token endpoint, /api/v1 accepts them too.
 */
export const DPOP_ALGORITHMS: readonly string[] = ['ES256', 'Ed25519', 'EdDSA'];

/** What one request's DPoP proof must match (RFC 9449 §4.3 and §7.1). */
export interface DpopExpectations {
  /** The request's method (`htm`). */
  method: string;
  /** The request's URL without query and fragment (`htu`), built from PUBLIC_BASE_URL, never from the request's Host. */
  url: string;
  /** The access token the proof comes with (`ath` is its SHA-256). */
  accessToken: string;
  /** The token's `cnf.jkt`: the SHA-256 JWK thumbprint (RFC 7638) of the key it is bound to. */
  jkt: string;
  algorithms: readonly string[];
  /** Now, in Unix seconds. */
  now: number;
  /** A proof is accepted up to this many seconds after its `iat`… */
  maxAgeSeconds: number;
  /** …and up to this many seconds before it (clocks running ahead). */
  maxSkewSeconds: number;
}

/** A proof that passed: its `jti` (for the replay check) and `iat`. */
export interface DpopProofClaims {
  jti: string;
  iat: number;
}

/** JWK members that only a private or symmetric key has. */
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
/** A proof is a header with a public key, a few claims and a signature: well under this. */
const MAX_PROOF_LENGTH = 8192;
const MAX_JTI_LENGTH = 512;

const rejected = (message: string) => new CredentialRejectedError('invalid_dpop_proof', message);

/** `ath`: base64url of the access token's SHA-256. */
export function accessTokenHash(accessToken: string): string {
  return createHash('sha256').update(accessToken, 'ascii').digest('base64url');
}

/** The URL a proof's `htu` names, compared without query and fragment after URL normalization. */
function comparableUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    url.search = '';
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

/**
 * Checks a DPoP proof JWT presented with a DPoP-bound access token at a resource server
 * (RFC 9449 §4.3, §7.1), with jose for the JWS, the embedded JWK and the thumbprint. Does not
 * check replay: the caller records the returned `jti`. Throws CredentialRejectedError
 * (`invalid_dpop_proof`) with the reason.
 */
export async function verifyDpopProof(proof: string, expected: DpopExpectations): Promise<DpopProofClaims> {
  if (proof.length > MAX_PROOF_LENGTH) throw rejected('DPoP proof is too long');
  let header: ProtectedHeaderParameters;
  try {
    header = decodeProtectedHeader(proof);
  } catch {
    throw rejected('DPoP proof is not a JWT in JWS compact serialization');
  }
  if (typeof header.typ !== 'string' || header.typ.toLowerCase().replace(/^application\//, '') !== 'dpop+jwt') {
    throw rejected('DPoP proof typ must be dpop+jwt');
  }
  if (typeof header.alg !== 'string' || !expected.algorithms.includes(header.alg)) {
    throw rejected(`DPoP proof alg must be one of ${expected.algorithms.join(', ')}`);
  }
  const jwk = header.jwk as Record<string, unknown> | undefined;
  if (!jwk || typeof jwk !== 'object' || Array.isArray(jwk)) throw rejected('DPoP proof must carry its public key in the jwk header');
  if (PRIVATE_JWK_MEMBERS.some((member) => member in jwk)) throw rejected('DPoP proof jwk must be a public key: it contains private key material');

  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(proof, EmbeddedJWK, {
      algorithms: [...expected.algorithms],
      typ: 'dpop+jwt',
      currentDate: new Date(expected.now * 1000),
    }));
  } catch (err) {
    if (err instanceof errors.JWSSignatureVerificationFailed) throw rejected('DPoP proof signature does not verify with its jwk');
    throw rejected(`DPoP proof is invalid: ${err instanceof Error ? err.message : String(err)}`);
  }

  const { jti, htm, htu, iat, ath } = payload as JWTPayload & { htm?: unknown; htu?: unknown; ath?: unknown };
  if (typeof jti !== 'string' || !jti || jti.length > MAX_JTI_LENGTH) throw rejected(`DPoP proof jti must be a string of 1 to ${MAX_JTI_LENGTH} characters`);
  if (htm !== expected.method) throw rejected(`DPoP proof htm must be ${expected.method}`);
  const wanted = comparableUrl(expected.url);
  if (typeof htu !== 'string' || !wanted || comparableUrl(htu) !== wanted) throw rejected(`DPoP proof htu must be ${wanted ?? expected.url}`);
  if (typeof iat !== 'number' || !Number.isFinite(iat)) throw rejected('DPoP proof iat must be a number');
  if (iat < expected.now - expected.maxAgeSeconds) throw rejected(`DPoP proof is too old: iat must be within the last ${expected.maxAgeSeconds} seconds`);
  if (iat > expected.now + expected.maxSkewSeconds) throw rejected('DPoP proof iat is in the future');
  if (typeof ath !== 'string' || ath !== accessTokenHash(expected.accessToken)) throw rejected('DPoP proof ath does not match the access token');
  const thumbprint = await calculateJwkThumbprint(header.jwk!, 'sha256');
  if (thumbprint !== expected.jkt) throw rejected('DPoP proof key is not the key the access token is bound to');
  return { jti, iat };
}
