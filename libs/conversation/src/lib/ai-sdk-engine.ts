import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, type LanguageModel } from 'ai';
import { buildMessages, buildSystemPrompt } from './prompt';
import { ProviderError } from './provider-error';
import { toProviderError } from './to-provider-error';
import type { EngineConfig, ReplyEngine, ReplyRequest, ReplyResult } from './types';

export const DEFAULT_TIMEOUT_MS = 30_000;
/** Replies are conversational; this also keeps providers from guessing limits for unknown models. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 1024;
export const DEFAULT_MODELS: Record<'openai' | 'anthropic', string> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
};

/**
 * Official endpoints, passed explicitly so the SDK never falls back to OPENAI_BASE_URL /
 * ANTHROPIC_BASE_URL from the environment: behaviour depends on the config alone.
 */
export const DEFAULT_BASE_URLS: Record<'openai' | 'anthropic', string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
};

export type LlmProviderName = Exclude<EngineConfig['provider'], 'builtin'>;

/** Options for one raw completion call (used by the reply engine and by LLM fact extraction). */
export interface CompletionCall {
  system: string;
  messages: Array<{ role: 'user' | 'assistant'; content: string }>;
  signal?: AbortSignal;
  maxOutputTokens?: number;
  temperature?: number;
}

/**
 * Reply engine backed by an LLM through the Vercel AI SDK (OpenAI, Anthropic or any
 * OpenAI-compatible endpoint such as Ollama or vLLM). The SDK does not retry: failures surface
 * immediately as ProviderError so the caller can queue a retry.
 */
export class AiSdkEngine implements ReplyEngine {
  readonly name: LlmProviderName;
  readonly model: string;
  private readonly languageModel: LanguageModel;
  private readonly timeoutMs: number;

  constructor(config: EngineConfig & { provider: LlmProviderName }) {
    this.name = config.provider;
    this.timeoutMs = config.timeoutMs && config.timeoutMs > 0 ? config.timeoutMs : DEFAULT_TIMEOUT_MS;
    const baseURL = config.baseUrl?.trim() ? config.baseUrl.trim().replace(/\/+$/, '') : undefined;
    switch (config.provider) {
      case 'openai': {
        // The apiKey is always passed explicitly so the SDK never falls back to reading the environment.
        const apiKey = requireApiKey(config);
        this.model = config.model || DEFAULT_MODELS.openai;
        this.languageModel = createOpenAI({ apiKey, baseURL: baseURL ?? DEFAULT_BASE_URLS.openai }).chat(this.model);
        break;
      }
      case 'anthropic': {
        const apiKey = requireApiKey(config);
        this.model = config.model || DEFAULT_MODELS.anthropic;
        this.languageModel = createAnthropic({ apiKey, baseURL: baseURL ?? DEFAULT_BASE_URLS.anthropic }).languageModel(this.model);
        break;
      }
      case 'openai-compatible': {
        if (!baseURL) throw new ProviderError('openai-compatible provider needs baseUrl (e.g. http://localhost:11434/v1)', false);
        if (!config.model) throw new ProviderError('openai-compatible provider needs a model name', false);
        this.model = config.model;
        this.languageModel = createOpenAICompatible({ name: 'openai-compatible', baseURL, apiKey: config.apiKey || undefined }).chatModel(this.model);
        break;
      }
      default:
        throw new ProviderError(`Unknown provider: ${String((config as EngineConfig).provider)}`, false);
    }
  }

  async reply(req: ReplyRequest, opts?: { signal?: AbortSignal }): Promise<ReplyResult> {
    let system = buildSystemPrompt(req);
    const messages = buildMessages(req);
    if (this.name === 'anthropic') {
      // Anthropic rejects a conversation whose first message is not from the user (400
      // "first message must use the user role"): the assistant's opening lines (usually the
      // soul greeting) move into the system prompt instead.
      const opening: string[] = [];
      while (messages.length > 1 && messages[0].role === 'assistant') opening.push(messages.shift()!.content);
      if (opening.length) system += `\n\nYou opened this conversation with:\n${opening.map((o) => `"${o}"`).join('\n')}`;
    }
    const { text, modelId } = await this.complete({ system, messages, signal: opts?.signal, maxOutputTokens: DEFAULT_MAX_OUTPUT_TOKENS });
    return { content: text, provider: this.name, model: modelId };
  }

  /** One completion with timeout and error mapping. Throws ProviderError. */
  async complete(call: CompletionCall): Promise<{ text: string; modelId: string }> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    try {
      const result = await generateText({
        model: this.languageModel,
        system: call.system,
        messages: call.messages,
        abortSignal: signal,
        maxRetries: 0,
        maxOutputTokens: call.maxOutputTokens,
        temperature: call.temperature,
      });
      const text = result.text.trim();
      if (!text) throw new ProviderError(`${this.name} provider returned an empty reply`, true);
      return { text, modelId: result.response?.modelId || this.model };
    } catch (err) {
      throw toProviderError(err, {
        provider: this.name,
        timedOut: timeout.aborted && !call.signal?.aborted,
        timeoutMs: this.timeoutMs,
      });
    }
  }
}

function requireApiKey(config: EngineConfig): string {
  const key = config.apiKey?.trim();
  if (!key) throw new ProviderError(`${config.provider} provider needs an apiKey`, false);
  return key;
}
