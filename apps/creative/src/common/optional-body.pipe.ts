import { ArgumentMetadata, Injectable, PipeTransform, Type } from '@nestjs/common';
import { EnvelopeValidationPipe } from '@platform/errors';

/** A body that may be absent or JSON `null` (then `{}`), validated as `dto` otherwise. */
export function OptionalBody(dto: Type<unknown>): Type<PipeTransform> {
  @Injectable()
  class OptionalBodyPipe implements PipeTransform {
    private readonly inner = new EnvelopeValidationPipe();
    transform(value: unknown, metadata: ArgumentMetadata) {
      const empty = value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);
      return this.inner.transform(empty ? {} : value, { ...metadata, metatype: dto });
    }
  }
  return OptionalBodyPipe;
}
