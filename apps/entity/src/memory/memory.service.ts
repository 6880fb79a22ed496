import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { NotFoundError } from '@platform/errors';
import { DataSource } from 'typeorm';
import { Owner, ownerIs } from '../common/end-user-owner';
import { EntitiesService } from '../entities/entities.service';
import { Interaction } from '../interactions/interaction.entity';
import { EndUser } from './end-user.entity';

@Injectable()
export class MemoryService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly entities: EntitiesService,
  ) {}

  /** What the entity knows of one end user of `owner` (an OAuth client, or null for the account's own). */
  async get(accountId: string, entityId: string, owner: Owner, endUserId: string): Promise<EndUser> {
    await this.entities.get(accountId, entityId);
    const memory = await this.ds.getRepository(EndUser).findOneBy({ accountId, entityId, clientId: ownerIs(owner), endUserId });
    if (!memory) throw new NotFoundError(`Entity ${entityId} knows nothing about end user ${endUserId}`, 'end_user_not_found');
    return memory;
  }

  /** Forgets the person: the memory and the turns with them, so nothing can come back in a reply. */
  async erase(accountId: string, entityId: string, owner: Owner, endUserId: string): Promise<{ interactions: number }> {
    await this.entities.get(accountId, entityId);
    return this.ds.transaction(async (tx) => {
      const memory = await tx.getRepository(EndUser).delete({ accountId, entityId, clientId: ownerIs(owner), endUserId });
      const turns = await tx.getRepository(Interaction).delete({ accountId, entityId, clientId: ownerIs(owner), endUserId });
      if (!memory.affected && !turns.affected) {
        throw new NotFoundError(`Entity ${entityId} knows nothing about end user ${endUserId}`, 'end_user_not_found');
      }
      return { interactions: turns.affected ?? 0 };
    });
  }
}
