import { CanActivate, createParamDecorator, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { APP_CONFIG } from '@platform/config';
import { DomainException, ErrorDetail, ValidationError } from '@platform/errors';
import busboy from 'busboy';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CreativeConfig } from '../../config';
import { FILE_LOC, uploadTooLarge } from '../asset-errors';
import { TempFiles } from '../../storage/temp-files.service';

/** An uploaded file, on disk in the upload folder, hashed on the way in. */
export type { ReceivedFile } from '../../common/received-file';
import type { ReceivedFile } from '../../common/received-file';

interface UploadRequest {
  upload?: ReceivedFile;
}

/** Multipart overhead allowed beyond the file itself before a declared Content-Length is refused unread. */
const MULTIPART_SLACK = 64 * 1024;

/** Marks a route whose body may also be JSON (no file): `MultipartFileGuard` lets it through to the route. */
export const ACCEPTS_JSON = 'multipart-or-json';
export const AcceptsJson = () => SetMetadata(ACCEPTS_JSON, true);

/** A file name as the client gave it, without folders or control characters, at most 255 characters. */
export function cleanFilename(name: string | undefined): string | null {
  if (!name) return null;
  // eslint-disable-next-line no-control-regex
  const CONTROL = /[\u0000-\u001f\u007f]/g;
  const base = name.split(/[\\/]/).pop()!.replace(CONTROL, '').trim();
  return base ? base.slice(0, 255) : null;
}

const missing = (msg: string, type = 'missing'): ErrorDetail => ({ loc: FILE_LOC, msg, type });

/**
 * Receives a `multipart/form-data` body with exactly one part, the file `file`, streaming it to a
 * temporary file (never the whole file in memory) while hashing it and counting its bytes against
 * `ASSET_UPLOAD_LIMIT`.
 *
 * A guard rather than an interceptor or a pipe because of where Nest runs it: after the global
 * authentication guard (no byte of an anonymous upload is read) and before the global
 * idempotency interceptor, which can then tell a repeat of the same file (replayed) from another
 * file under the same key (409): the request body it compares is `{file: {sha256, size, filename}}`.
 * The temporary file is removed when the response ends, whatever happened.
 */
@Injectable()
export class MultipartFileGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly temp: TempFiles,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<Request & UploadRequest>();
    const res = ctx.switchToHttp().getResponse<Response>();
    // `POST /v1/assets` also takes JSON `{"url": …}` (an import, read by the JSON body parser): no file then.
    if (this.reflector.get(ACCEPTS_JSON, ctx.getHandler()) && /^application\/json\b/i.test(req.headers['content-type'] ?? '')) return true;
    const file = await this.receive(req, res);
    req.upload = file;
    req.body = { file: { sha256: file.sha256, size: file.size, filename: file.filename } };
    return true;
  }

  private async receive(req: Request, res: Response): Promise<ReceivedFile> {
    const type = req.headers['content-type'] ?? '';
    if (!/^multipart\/form-data\s*;.*boundary=/i.test(type)) {
      throw new ValidationError([missing('Send the file as multipart/form-data with one part named file', 'missing')]);
    }
    const limit = this.config.assets.maxUploadBytes;
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit + MULTIPART_SLACK) {
      // Refused unread; the connection closes so the rest of the body is not waited for.
      res.setHeader('Connection', 'close');
      throw uploadTooLarge(limit);
    }

    const path = await this.temp.create();
    res.once('close', () => void this.temp.remove(path));
    const problems: ErrorDetail[] = [];
    let tooLarge = false;
    let received: Omit<ReceivedFile, 'path'> | undefined;
    let writing: Promise<void> | undefined;

    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { files: 1, fileSize: limit, fields: 8, parts: 9, fieldSize: 1024 } });
    } catch {
      throw new ValidationError([missing('The multipart body could not be read (boundary missing or malformed)', 'value_error')]);
    }

    const finished = new Promise<void>((resolve, reject) => {
      parser.on('file', (name, stream, info) => {
        if (name !== 'file') {
          problems.push({ loc: [name], msg: `Unexpected part ${name}: the body takes one part, file`, type: 'extra_forbidden' });
          stream.resume();
          return;
        }
        if (writing) {
          problems.push(missing('Send one file per request', 'too_long'));
          stream.resume();
          return;
        }
        const hash = createHash('sha256');
        let size = 0;
        const tap = new Transform({
          transform(chunk: Buffer, _enc, done) {
            hash.update(chunk);
            size += chunk.length;
            done(null, chunk);
          },
        });
        stream.on('limit', () => {
          tooLarge = true;
        });
        writing = pipeline(stream, tap, createWriteStream(path, { flags: 'wx' })).then(() => {
          received = { size, sha256: hash.digest('hex'), filename: cleanFilename(info.filename) };
        });
        writing.catch(reject);
      });
      parser.on('field', (name) => {
        problems.push(
          name === 'file'
            ? missing('file must be a file part (with a filename in its Content-Disposition), not a text field', 'value_error')
            : { loc: [name], msg: `Unexpected part ${name}: the body takes one part, file`, type: 'extra_forbidden' },
        );
      });
      parser.on('filesLimit', () => problems.push(missing('Send one file per request', 'too_long')));
      parser.on('partsLimit', () => problems.push(missing('Too many parts: the body takes one part, file', 'too_long')));
      parser.on('fieldsLimit', () => problems.push(missing('Too many parts: the body takes one part, file', 'too_long')));
      parser.on('error', () => reject(new ValidationError([missing('The multipart body could not be read', 'value_error')])));
      parser.on('close', () => resolve());
      req.on('close', () => {
        if (!req.complete) reject(new DomainException('request_aborted', 'The client closed the connection during the upload', 'malformed'));
      });
      req.on('error', reject);
    });
    req.pipe(parser);

    try {
      await finished;
      await writing;
    } catch (err) {
      req.unpipe(parser);
      await this.temp.remove(path);
      throw err;
    }
    if (tooLarge) {
      await this.temp.remove(path);
      throw uploadTooLarge(limit);
    }
    if (!received || problems.length) {
      await this.temp.remove(path);
      throw new ValidationError(problems.length ? dedupe(problems) : [missing('Field required')]);
    }
    return { path, ...received };
  }
}

function dedupe(items: ErrorDetail[]): ErrorDetail[] {
  const seen = new Set<string>();
  return items.filter((d) => {
    const key = `${d.loc.join('.')}|${d.msg}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The file `MultipartFileGuard` received, or undefined on a route that also takes JSON (`AcceptsJson`). */
export const MaybeUploadedFile = createParamDecorator((_data: unknown, ctx: ExecutionContext): ReceivedFile | undefined => {
  return ctx.switchToHttp().getRequest<UploadRequest>().upload;
});

/** The file `MultipartFileGuard` received. */
export const UploadedFile = createParamDecorator((_data: unknown, ctx: ExecutionContext): ReceivedFile => {
  const file = ctx.switchToHttp().getRequest<UploadRequest>().upload;
  if (!file) throw new Error('UploadedFile() needs MultipartFileGuard on the route');
  return file;
});
