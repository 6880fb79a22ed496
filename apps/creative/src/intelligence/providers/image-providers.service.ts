import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { DEFAULT_BASE_URLS } from '@platform/conversation';
import { generateImage, type ImageModel } from 'ai';
import sharp from 'sharp';
import type { CreativeConfig } from '../../config';
import { ProviderFailure, unknownProvider, withTimeout } from './provider-failure';

export const IMAGE_PROVIDER_IDS = ['builtin', 'openai', 'openai-compatible'] as const;
export type ImageProviderId = (typeof IMAGE_PROVIDER_IDS)[number];

/** The sizes each OpenAI image model takes; other models of an OpenAI-compatible server are asked for the common ones. */
const SIZES: Record<string, string[]> = {
  'gpt-image-1': ['1024x1024', '1536x1024', '1024x1536'],
  'gpt-image-1-mini': ['1024x1024', '1536x1024', '1024x1536'],
  'dall-e-3': ['1024x1024', '1792x1024', '1024x1792'],
  'dall-e-2': ['256x256', '512x512', '1024x1024'],
};
const COMMON_SIZES = ['512x512', '1024x1024'];
export const BUILTIN_SIZES = 'any WxH from 64 to 4096 a side';

export interface ImageProviderInfo {
  id: ImageProviderId;
  kind: 'image';
  name: string;
  description: string;
  configured: boolean;
  default: boolean;
  models: string[];
  sizes: string[];
}

export interface ProviderImage {
  provider: Exclude<ImageProviderId, 'builtin'>;
  model: string;
  /** The size asked of the provider (its nearest in aspect to the one requested). */
  providerSize: string;
  /** PNG at exactly the requested width and height. */
  png: Buffer;
}

/** The image-generation port: the built-in generator, OpenAI images and any OpenAI-compatible image endpoint. */
@Injectable()
export class ImageProviders {
  constructor(@Inject(APP_CONFIG) private readonly config: CreativeConfig) {}

  private configured(id: ImageProviderId): boolean {
    if (id === 'builtin') return true;
    return id === 'openai' ? !!this.config.images.openai : !!this.config.images.compatible;
  }

  private modelOf(id: Exclude<ImageProviderId, 'builtin'>): string {
    return id === 'openai' ? (this.config.images.openai?.model ?? 'gpt-image-1') : (this.config.images.compatible?.model ?? '');
  }

  list(): ImageProviderInfo[] {
    const def = this.config.images.defaultProvider;
    const openaiModel = this.config.images.openai?.model ?? 'gpt-image-1';
    return [
      {
        id: 'builtin',
        kind: 'image',
        name: 'Built-in generator and renderer',
        description:
          'Deterministic CPU images: POST /v1/generations draws a finished abstract or illustrative picture from the prompt (the same prompt and seed, the same bytes); ' +
          'templates, procedural backgrounds and every render format. No external service.',
        configured: true,
        default: def === 'builtin',
        models: ['builtin'],
        sizes: [BUILTIN_SIZES],
      },
      {
        id: 'openai',
        kind: 'image',
        name: 'OpenAI images',
        description: 'gpt-image-1 or DALL·E through the AI SDK (OPENAI_API_KEY, OPENAI_IMAGE_MODEL). The image is resized and cropped to the requested size.',
        configured: this.configured('openai'),
        default: def === 'openai',
        models: [openaiModel],
        sizes: SIZES[openaiModel] ?? COMMON_SIZES,
      },
      {
        id: 'openai-compatible',
        kind: 'image',
        name: 'OpenAI-compatible image endpoint',
        description:
          'Any server speaking POST /v1/images/generations (IMAGE_COMPATIBLE_BASE_URL, IMAGE_COMPATIBLE_MODEL). The image is resized and cropped to the requested size.',
        configured: this.configured('openai-compatible'),
        default: def === 'openai-compatible',
        models: this.config.images.compatible ? [this.config.images.compatible.model] : [],
        sizes: SIZES[this.modelOf('openai-compatible')] ?? COMMON_SIZES,
      },
    ];
  }

  /** The provider a request names, or IMAGE_PROVIDER; 422 at `loc` when unknown or not configured. */
  resolve(requested: string | null | undefined, loc: (string | number)[]): ImageProviderId {
    const id = (requested ?? this.config.images.defaultProvider) as ImageProviderId;
    if (!IMAGE_PROVIDER_IDS.includes(id) || !this.configured(id)) {
      throw unknownProvider(
        loc,
        String(requested),
        IMAGE_PROVIDER_IDS,
        IMAGE_PROVIDER_IDS.filter((p) => this.configured(p)),
      );
    }
    return id;
  }

  /** One image from a provider, at the supported size nearest in aspect, then cover-cropped (attention) to width x height. */
  async generate(id: Exclude<ImageProviderId, 'builtin'>, input: { prompt: string; width: number; height: number }): Promise<ProviderImage> {
    const modelId = this.modelOf(id);
    const size = nearestSize(SIZES[modelId] ?? COMMON_SIZES, input.width, input.height);
    const model: ImageModel =
      id === 'openai'
        ? createOpenAI({ apiKey: this.config.images.openai!.apiKey, baseURL: this.config.images.openai!.baseUrl ?? DEFAULT_BASE_URLS.openai }).image(modelId)
        : createOpenAICompatible({
            name: 'openai-compatible',
            baseURL: this.config.images.compatible!.baseUrl,
            apiKey: this.config.images.compatible!.apiKey,
          }).imageModel(modelId);
    const timeoutMs = this.config.images.timeoutMs;
    const result = await withTimeout(id, timeoutMs, (signal) =>
      generateImage({ model, prompt: input.prompt, n: 1, size: size as `${number}x${number}`, abortSignal: signal, maxRetries: 0 }),
    );
    const bytes = Buffer.from(result.image.uint8Array);
    let png: Buffer;
    try {
      png = await sharp(bytes, { limitInputPixels: 64_000_000 })
        .rotate()
        .resize(input.width, input.height, { fit: 'cover', position: sharp.strategy.attention })
        .png()
        .toBuffer();
    } catch (err) {
      throw new ProviderFailure(id, 'error', `${id} provider sent bytes that are not an image`, err);
    }
    return { provider: id, model: result.responses[0]?.modelId || modelId, providerSize: size, png };
  }
}

/** The size whose aspect ratio is nearest the requested one (ties: the larger). */
export function nearestSize(sizes: string[], width: number, height: number): string {
  const want = Math.log(width / height);
  const score = (s: string) => {
    const [w, h] = s.split('x').map(Number);
    return [Math.abs(Math.log(w / h) - want), -w * h] as const;
  };
  return [...sizes].sort((a, b) => {
    const [da, pa] = score(a);
    const [db, pb] = score(b);
    return da - db || pa - pb;
  })[0];
}
