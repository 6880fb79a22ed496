import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { DEFAULT_BASE_URLS, DEFAULT_MODELS } from '@platform/conversation';
import { generateObject, NoObjectGeneratedError, type LanguageModel } from 'ai';
import type { z } from 'zod';
import type { CreativeConfig } from '../../config';
import { unknownProvider, withTimeout } from './provider-failure';

export const LLM_PROVIDER_IDS = ['builtin', 'openai', 'anthropic', 'openai-compatible'] as const;
export type LlmProviderId = (typeof LLM_PROVIDER_IDS)[number];

export interface LlmProviderInfo {
  id: LlmProviderId;
  name: string;
  configured: boolean;
  active: boolean;
  model: string | null;
  default_model: string | null;
  vision: boolean;
  structured_output: boolean;
}

/** A configured model, ready to call. */
export interface LlmTarget {
  id: Exclude<LlmProviderId, 'builtin'>;
  modelId: string;
  model: LanguageModel;
  timeoutMs: number;
}

export type StructuredResult<T> = { ok: true; value: T; modelId: string; attempts: number } | { ok: false; reason: string; attempts: number };

/**
 * The LLM and vision port: builtin, OpenAI, Anthropic and OpenAI-compatible servers, from the same variables the
 * conversation engine reads (LLM_PROVIDER, LLM_MODEL, LLM_BASE_URL, OPENAI_API_KEY, ANTHROPIC_API_KEY, LLM_TIMEOUT_MS).
 * OpenAI and Anthropic are usable whenever their key is set; LLM_MODEL and LLM_BASE_URL apply to the LLM_PROVIDER one;
 * an OpenAI-compatible server needs LLM_PROVIDER=openai-compatible with LLM_BASE_URL and LLM_MODEL.
 */
/** generateObject with the zod schema's type left aside: its overloads are too deep for tsc with a generic schema; `object` answers are typed by the caller's schema. */
const generateObjectLoose = generateObject as unknown as (options: Record<string, unknown>) => Promise<{ object: unknown; response?: { modelId?: string } }>;

@Injectable()
export class LlmProviders {
  constructor(@Inject(APP_CONFIG) private readonly config: CreativeConfig) {}

  private get active(): LlmProviderId {
    return this.config.llm.provider;
  }

  private configured(id: LlmProviderId): boolean {
    const llm = this.config.llm;
    if (id === 'builtin') return true;
    if (id === 'openai') return !!this.config.llmSecrets.openai;
    if (id === 'anthropic') return !!this.config.llmSecrets.anthropic;
    return llm.provider === 'openai-compatible' && !!llm.baseUrl && !!llm.model;
  }

  private modelOf(id: Exclude<LlmProviderId, 'builtin'>): string {
    const llm = this.config.llm;
    if (llm.provider === id && llm.model) return llm.model;
    return id === 'openai-compatible' ? (llm.model ?? '') : DEFAULT_MODELS[id];
  }

  list(): LlmProviderInfo[] {
    const names: Record<LlmProviderId, string> = {
      builtin: 'Built-in deterministic engine',
      openai: 'OpenAI',
      anthropic: 'Anthropic',
      'openai-compatible': 'OpenAI-compatible server (Ollama, vLLM…)',
    };
    return LLM_PROVIDER_IDS.map((id) => {
      const configured = this.configured(id);
      return {
        id,
        name: names[id],
        configured,
        active: id === this.active,
        model: id !== 'builtin' && configured ? this.modelOf(id) : null,
        default_model: id === 'openai' || id === 'anthropic' ? DEFAULT_MODELS[id] : null,
        vision: true,
        structured_output: true,
      };
    });
  }

  /**
   * The provider a request names (`provider`), or LLM_PROVIDER when it names none. An unknown or unconfigured name is a
   * 422 at `loc`. `builtin` answers null: the caller runs its built-in engine.
   */
  resolve(requested: string | null | undefined, loc: (string | number)[]): LlmTarget | null {
    const id = (requested ?? this.active) as LlmProviderId;
    if (!LLM_PROVIDER_IDS.includes(id) || !this.configured(id)) {
      throw unknownProvider(
        loc,
        String(requested),
        LLM_PROVIDER_IDS,
        LLM_PROVIDER_IDS.filter((p) => this.configured(p)),
      );
    }
    if (id === 'builtin') return null;
    const llm = this.config.llm;
    const own = llm.provider === id && llm.baseUrl ? llm.baseUrl.replace(/\/+$/, '') : undefined;
    const modelId = this.modelOf(id);
    let model: LanguageModel;
    if (id === 'openai') model = createOpenAI({ apiKey: this.config.llmSecrets.openai!, baseURL: own ?? DEFAULT_BASE_URLS.openai }).chat(modelId);
    else if (id === 'anthropic')
      model = createAnthropic({ apiKey: this.config.llmSecrets.anthropic!, baseURL: own ?? DEFAULT_BASE_URLS.anthropic }).languageModel(modelId);
    else
      model = createOpenAICompatible({ name: 'openai-compatible', baseURL: own!, apiKey: llm.apiKey || undefined, supportsStructuredOutputs: true }).chatModel(
        modelId,
      );
    return { id, modelId, model, timeoutMs: llm.timeoutMs };
  }

  /**
   * Asks the model for an object matching `schema` (structured output), optionally showing it an image. An answer that
   * does not parse or validate is asked again once; a second bad answer is `{ok: false}` (the caller falls back to its
   * built-in result). Transport failures and timeouts throw ProviderFailure (502/503/504).
   */
  async object<T>(
    target: LlmTarget,
    schema: z.ZodType<T>,
    input: { system: string; prompt: string; image?: { data: Buffer; mediaType: string } },
  ): Promise<StructuredResult<T>> {
    let reason = '';
    for (let attempt = 1; attempt <= 2; attempt++) {
      {
        const r = await withTimeout(target.id, target.timeoutMs, (signal) =>
          generateObjectLoose({
            model: target.model,
            schema,
            system: input.system,
            messages: [
              {
                role: 'user',
                content: input.image
                  ? [
                      { type: 'text', text: input.prompt },
                      { type: 'image', image: input.image.data, mediaType: input.image.mediaType },
                    ]
                  : [{ type: 'text', text: input.prompt }],
              },
            ],
            abortSignal: signal,
            maxRetries: 0,
            temperature: 0,
          }).catch((err: unknown) => {
            // A bad answer is not a transport failure: it gets one more try.
            if (NoObjectGeneratedError.isInstance(err)) return { invalid: err.message };
            throw err;
          }),
        );
        if ('invalid' in r) {
          reason = String(r.invalid).slice(0, 300);
          continue;
        }
        return { ok: true, value: (r as { object: unknown }).object as T, modelId: r.response?.modelId || target.modelId, attempts: attempt };
      }
    }
    return { ok: false, reason, attempts: 2 };
  }
}
