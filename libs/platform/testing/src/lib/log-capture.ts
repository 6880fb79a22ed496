import type { BaseConfig } from '@platform/config';
import type { ServiceDefinition } from '@platform/http';
import { format } from 'node:util';

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

export interface LogCapture<C extends BaseConfig> {
  /** The service, writing its JSON log lines to `lines` instead of stdout. Pass it to createTestApp (with LOG_LEVEL set). */
  def: ServiceDefinition<C>;
  /** The service's log lines (pino, JSON). */
  lines: string[];
  /** What anything printed on the console meanwhile (libraries that log on their own). */
  console: string[];
  /** Every captured line, logs and console. */
  all(): string[];
  /** Puts the console back. */
  restore(): void;
}

/**
 * Captures everything a service logs, to assert on what log lines contain: its pino lines
 * (through `config.logStream`) and anything printed on the console while the capture runs.
 * The console keeps printing as before.
 */
export function captureLogs<C extends BaseConfig>(def: ServiceDefinition<C>): LogCapture<C> {
  const lines: string[] = [];
  const printed: string[] = [];
  const originals = CONSOLE_METHODS.map((m) => [m, console[m]] as const);
  for (const [m, original] of originals) {
    console[m] = (...args: unknown[]) => {
      printed.push(format(...args));
      original.apply(console, args);
    };
  }
  return {
    def: { ...def, loadConfig: (env) => ({ ...def.loadConfig(env), logStream: { write: (line: string) => void lines.push(line) } }) },
    lines,
    console: printed,
    all: () => [...lines, ...printed],
    restore: () => {
      for (const [m, original] of originals) console[m] = original;
    },
  };
}

/** The names of the `secrets` found in any of `lines`, with the start of the line (empty when none leaked). */
export function leakedSecrets(lines: string[], secrets: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [name, value] of Object.entries(secrets)) {
    if (!value) throw new Error(`The secret ${name} is empty: the test did not capture it`);
    const line = lines.find((l) => l.includes(value));
    if (line) found.push(`${name} in: ${line.slice(0, 300)}`);
  }
  return found;
}
