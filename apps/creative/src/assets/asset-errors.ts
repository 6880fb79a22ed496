import { DomainException, NotFoundError } from '@platform/errors';

export const FILE_LOC = ['file'];

/** 422 `unsupported_file` at `body.file`: the bytes are not a file of an accepted type. */
export function unsupportedFile(message: string, loc: (string | number)[] = FILE_LOC): DomainException {
  return new DomainException('unsupported_file', message, 'invalid', { details: [{ loc, msg: message, type: 'unsupported_file' }] });
}

/** 422 `image_too_large`: over `ASSET_MAX_PIXELS`, refused from the header before decoding. */
export function imageTooLarge(message: string, loc: (string | number)[] = FILE_LOC): DomainException {
  return new DomainException('image_too_large', message, 'invalid', { details: [{ loc, msg: message, type: 'image_too_large' }] });
}

/** 422 `audio_too_long`: over `AUDIO_MAX_SECONDS`. */
export function audioTooLong(message: string): DomainException {
  return new DomainException('audio_too_long', message, 'invalid', { details: [{ loc: FILE_LOC, msg: message, type: 'audio_too_long' }] });
}

/** 504 `transform_timeout`: the transform ran past TRANSFORM_TIMEOUT_MS and was stopped (nothing stored, nothing charged). */
export function transformTimeout(ms: number): DomainException {
  return new DomainException(
    'transform_timeout',
    `The transform did not finish within its time budget of ${ms} ms (TRANSFORM_TIMEOUT_MS); try fewer or cheaper operations or a smaller image`,
    'timeout',
  );
}

/** 413 `payload_too_large`: an upload over `ASSET_UPLOAD_LIMIT`. */
export function uploadTooLarge(limit: number): DomainException {
  return new DomainException('payload_too_large', `The file is larger than the limit of ${limit} bytes`, 'too_large');
}

export function assetNotFound(): NotFoundError {
  return new NotFoundError('Asset not found', 'not_found');
}

export const URL_LOC = ['url'];

/** 422 `url_not_fetched` at `body.url`: the URL was refused (private address) or did not answer a file (status, redirects, time). */
export function urlNotFetched(reason: string): DomainException {
  const message = `The file could not be fetched from the URL: ${reason}`;
  return new DomainException('url_not_fetched', message, 'invalid', { details: [{ loc: URL_LOC, msg: message, type: 'url_not_fetched' }] });
}

/** An upload's error about `file` (unsupported_file, image_too_large…) about the imported `url` instead. */
export function atUrl(err: unknown): unknown {
  if (!(err instanceof DomainException) || !err.details.some((d) => d.loc.join('.') === FILE_LOC.join('.'))) return err;
  const details = err.details.map((d) => (d.loc.join('.') === FILE_LOC.join('.') ? { ...d, loc: URL_LOC } : d));
  return new DomainException(err.code, err.message, err.kind, { details });
}
