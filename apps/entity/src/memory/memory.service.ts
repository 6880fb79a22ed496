import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@platform/errors';
import { Owner } from '../common/end-user-owner';
import { EntitiesService } from '../entities/entities.service';
import { EndUser } from './end-user.entity';
import { EndUserTurnsPort } from './end-user-turns.port';
import { MemoryRepository } from './memory.repository';

@Injectable()
export class MemoryService {
  constructor(
    private readonly repo: MemoryRepository,
    private readonly entities: EntitiesService,
    private readonly turns: EndUserTurnsPort,
  ) {}

  /** What the entity knows of one end user of `owner` (an OAuth client, or null for the account's own). */
  async get(accountId: string, entityId: string, owner: Owner, endUserId: string): Promise<EndUser> {
    await this.entities.get(accountId, entityId);
    const memory = await this.repo.find({ accountId, entityId, owner, endUserId });
    if (!memory) throw new NotFoundError(`Entity ${entityId} knows nothing about end user ${endUserId}`, 'end_user_not_found');
    return memory;
  }

  /** Forgets the person: the memory and the turns with them (through EndUserTurnsPort), so nothing can come back in a reply. */
  async erase(accountId: string, entityId: string, owner: Owner, endUserId: string): Promise<{ interactions: number }> {
    await this.entities.get(accountId, entityId);
    const endUser = { accountId, entityId, owner, endUserId };
    return this.repo.transaction(async (tx) => {
      const memory = await this.repo.delete(tx, endUser);
      const turns = await this.turns.erase(tx, endUser);
      if (!memory && !turns) {
        throw new NotFoundError(`Entity ${entityId} knows nothing about end user ${endUserId}`, 'end_user_not_found');
      }
      return { interactions: turns };
    });
  }
}
