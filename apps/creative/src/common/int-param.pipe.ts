import { PipeTransform } from '@nestjs/common';
import { ValidationError } from '@platform/errors';

/** A path parameter that must be an integer of at least `min`: a 422 at `["path", name]` otherwise. */
export class IntParamPipe implements PipeTransform<string, number> {
  constructor(
    private readonly name: string,
    private readonly min = 1,
  ) {}

  transform(value: string): number {
    const n = /^-?\d{1,9}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < this.min) {
      throw new ValidationError([{ loc: ['path', this.name], msg: `must be an integer of at least ${this.min}`, type: 'int_parsing' }]);
    }
    return n;
  }
}
