import type { Response } from 'supertest';

/** Throws with the whole response when the status is not the expected one (readable failures). */
export function expectStatus(res: Response, status: number): Response {
  if (res.status !== status) {
    throw new Error(`Expected HTTP ${status}, got ${res.status}: ${JSON.stringify(res.body ?? res.text)}`);
  }
  return res;
}
