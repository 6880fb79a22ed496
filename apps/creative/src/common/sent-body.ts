import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/**
 * The request's JSON body as sent, before the endpoint's DTO dropped the fields it does not know (the global pipe
 * whitelists): for use cases that name the ignored fields (the brand kit's `unknown_field` warnings).
 */
export const SentBody = createParamDecorator((_data: unknown, ctx: ExecutionContext): unknown => ctx.switchToHttp().getRequest<{ body?: unknown }>().body);
