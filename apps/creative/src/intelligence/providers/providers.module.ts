import { Module } from '@nestjs/common';
import { ImageProviders } from './image-providers.service';
import { LlmProviders } from './llm-providers.service';

/** The provider ports (image generation; LLM and vision), shared by intelligence and the catalogue. */
@Module({ providers: [ImageProviders, LlmProviders], exports: [ImageProviders, LlmProviders] })
export class ProvidersModule {}
