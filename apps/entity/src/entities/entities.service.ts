import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { newId } from '@platform/database';
import { NotFoundError } from '@platform/errors';
import { DataSource } from 'typeorm';
import { EntityRecord } from './entity-record.entity';

export interface CreateEntityInput {
  name: string;
  purpose: string;
  externalUserId?: string;
}

@Injectable()
export class EntitiesService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  create(accountId: string, input: CreateEntityInput): Promise<EntityRecord> {
    const repo = this.ds.getRepository(EntityRecord);
    return repo.save(
      repo.create({
        id: newId('ent'),
        accountId,
        name: input.name.trim(),
        purpose: input.purpose.trim(),
        externalUserId: input.externalUserId ?? null,
        status: 'active',
      }),
    );
  }

  async get(accountId: string, id: string): Promise<EntityRecord> {
    const entity = await this.ds.getRepository(EntityRecord).findOneBy({ id, accountId });
    if (!entity) throw new NotFoundError(`Entity ${id} not found`, 'entity_not_found');
    return entity;
  }
}
