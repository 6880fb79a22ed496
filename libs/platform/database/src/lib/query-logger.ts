import { Logger as NestLogger } from '@nestjs/common';
import { redactErrorMessage } from '@platform/errors';
import type { Logger as TypeOrmLogger } from 'typeorm';

/**
 * TypeORM's logger for every service: a failed query is logged (through the service's pino
 * logger) with its SQL text, SQLSTATE and message, never with its parameters, which carry the
 * request's values: hashed ids beside session payloads, message text, credentials. TypeORM's own
 * console logger printed them.
 */
export class QueryLogger implements TypeOrmLogger {
  private readonly logger = new NestLogger('Database');

  logQuery(): void {
    // Successful queries are not logged.
  }

  logQueryError(error: string | Error, query: string): void {
    const code =
      typeof error === 'object' ? ((error as { code?: unknown }).code ?? (error as { driverError?: { code?: unknown } }).driverError?.code) : undefined;
    const message = redactErrorMessage(typeof error === 'string' ? error : error.message, code);
    this.logger.warn({ sql: query.length > 500 ? `${query.slice(0, 500)}…` : query, code }, `Query failed: ${message}`);
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn({ sql: query.length > 500 ? `${query.slice(0, 500)}…` : query, ms: time }, 'Slow query');
  }

  logSchemaBuild(): void {
    // Schema changes go through migrations, which report what they applied.
  }

  logMigration(): void {
    // The migrate command prints the migrations it applied.
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn(typeof message === 'string' ? message : JSON.stringify(message));
  }
}
