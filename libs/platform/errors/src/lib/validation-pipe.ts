import { ArgumentMetadata, Injectable, PipeTransform, ValidationError as CvError } from '@nestjs/common';
import { ValidationPipe } from '@nestjs/common';
import { ErrorDetail, ValidationError } from './domain-exception';

const TYPE_BY_CONSTRAINT: Record<string, string> = {
  isDefined: 'missing',
  isNotEmpty: 'missing',
  isString: 'string_type',
  isInt: 'int_type',
  isNumber: 'number_type',
  isBoolean: 'bool_type',
  isArray: 'list_type',
  isObject: 'dict_type',
  isEnum: 'enum',
  isIn: 'enum',
  min: 'greater_than_equal',
  max: 'less_than_equal',
  minLength: 'string_too_short',
  maxLength: 'string_too_long',
  arrayMinSize: 'too_short',
  arrayMaxSize: 'too_long',
  isUrl: 'url_parsing',
  isEmail: 'value_error',
  whitelistValidation: 'extra_forbidden',
  nestedValidation: 'model_type',
};

const LOC_BY_TYPE: Record<string, string> = { body: 'body', query: 'query', param: 'path', custom: 'body' };

function flatten(errors: CvError[], parent: (string | number)[]): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  for (const error of errors) {
    const key = /^\d+$/.test(error.property) ? Number(error.property) : error.property;
    const loc = [...parent, key];
    const constraints = Object.entries(error.constraints ?? {});
    // Report "missing" alone rather than every other rule the absent value also breaks.
    const missing =
      error.value === undefined || error.value === null
        ? constraints.find(([k]) => k === 'isDefined' || k === 'isNotEmpty')
        : undefined;
    for (const [constraint, msg] of missing ? [missing] : constraints) {
      out.push({
        loc,
        msg: missing ? 'Field required' : msg,
        type: missing ? 'missing' : (TYPE_BY_CONSTRAINT[constraint] ?? 'value_error'),
      });
    }
    if (error.children?.length) out.push(...flatten(error.children, loc));
  }
  return out;
}

function findNulByte(value: unknown, path: (string | number)[]): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNulByte(value[i], [...path, i]);
      if (hit) return hit;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const hit = findNulByte(v, [...path, k]);
      if (hit) return hit;
    }
  }
  return undefined;
}

/**
 * Nest's ValidationPipe (whitelist + transform) whose failures become a ValidationError with
 * `loc` items that say where the problem is (`body`, `query` or `path`). It also refuses a body
 * that is not a JSON object and strings with NUL bytes, which PostgreSQL cannot store.
 */
@Injectable()
export class EnvelopeValidationPipe implements PipeTransform {
  private readonly pipes = new Map<string, ValidationPipe>();

  private pipeFor(where: string): ValidationPipe {
    let pipe = this.pipes.get(where);
    if (!pipe) {
      pipe = new ValidationPipe({
        whitelist: true,
        transform: true,
        forbidUnknownValues: false,
        validationError: { target: false, value: true },
        exceptionFactory: (errors) => new ValidationError(flatten(errors, [where])),
      });
      this.pipes.set(where, pipe);
    }
    return pipe;
  }

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const where = LOC_BY_TYPE[metadata.type] ?? 'body';
    const isDto = typeof metadata.metatype === 'function' && ![String, Number, Boolean, Array, Object].includes(metadata.metatype as never);
    if (metadata.type === 'body' && isDto && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw new ValidationError([{ loc: ['body'], msg: 'The body must be a JSON object', type: 'model_attributes_type' }]);
    }
    const nul = findNulByte(value, [where]);
    if (nul) throw new ValidationError([{ loc: nul, msg: 'Text may not contain NUL characters', type: 'string_type' }]);
    return this.pipeFor(where).transform(value, metadata);
  }
}
