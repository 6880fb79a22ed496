import { DynamicModule, Global, Module } from '@nestjs/common';
import type { CreativeConfig } from '../config';
import { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';
import { S3BlobStore } from './s3-blob-store';
import { TempFiles } from './temp-files.service';
import { UrlSigner } from './url-signer.service';

/** Builds the configured adapter of the blob port. */
export async function createBlobStore(config: CreativeConfig): Promise<BlobStore> {
  if (config.storage.driver === 's3') return new S3BlobStore(config.storage.s3);
  const store = new LocalBlobStore(config.storage.localDir);
  await store.init();
  return store;
}

/** The blob port (`BlobStore`), one adapter per process, chosen by `BLOB_DRIVER`; the URL signer; the upload folder. */
@Global()
@Module({})
export class StorageModule {
  static forRoot(config: CreativeConfig): DynamicModule {
    return {
      module: StorageModule,
      providers: [{ provide: BlobStore, useFactory: () => createBlobStore(config) }, UrlSigner, TempFiles],
      exports: [BlobStore, UrlSigner, TempFiles],
    };
  }
}
