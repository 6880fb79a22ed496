import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Generation } from './generation.entity';

/** Generations' table (`creative.generations`): the record of each image generated (its asset and artifact are their features'). */
@Injectable()
export class GenerationsRepository {
  static readonly tables = ['generations'] as const;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Records a generation; answers it as stored. A second under one Idempotency-Key claim is refused (`generations_idempotency_ref`). */
  async insert(row: Omit<Generation, 'createdAt'>): Promise<Generation> {
    await this.ds.getRepository(Generation).insert(row as never);
    return this.ds.getRepository(Generation).findOneByOrFail({ id: row.id });
  }

  /** The account's generation made under an Idempotency-Key's claim, or null. */
  findByRef(accountId: string, idempotencyRef: string): Promise<Generation | null> {
    return this.ds.getRepository(Generation).findOneBy({ accountId, idempotencyRef });
  }

  /** Removes a generation (the row a keyed run wrote first, when the run then failed). */
  async remove(id: string): Promise<void> {
    await this.ds.getRepository(Generation).delete({ id });
  }

  /** Records what a generation made (drawn again after its process died), then where its picture is stored. */
  async update(id: string, fields: Partial<Pick<Generation, 'seed' | 'model' | 'details' | 'assetId' | 'artifactId'>>): Promise<Generation> {
    await this.ds.getRepository(Generation).update({ id }, fields as never);
    return this.ds.getRepository(Generation).findOneByOrFail({ id });
  }
}
