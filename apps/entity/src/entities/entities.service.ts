import { Injectable } from '@nestjs/common';
import { soulNamed } from '@platform/conversation';
import { newId } from '@platform/database';
import { DomainException, NotFoundError } from '@platform/errors';
import type { EntityManager } from 'typeorm';
import { EntitiesRepository } from './entities.repository';
import { EntityRecord, EntityStatus } from './entity-record.entity';
import { derivePersonality, Personality } from './personality';

export interface CreateEntityInput {
  name: string;
  purpose: string;
  externalUserId?: string;
}

export interface UpdateEntityInput {
  name?: string;
  purpose?: string;
  status?: EntityStatus;
  personality?: Partial<Omit<Personality, 'traits'>> & { traits?: Partial<Personality['traits']> };
}

/** Only the keys that were given (a DTO instance carries absent fields as undefined). */
function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

@Injectable()
export class EntitiesService {
  constructor(private readonly repo: EntitiesRepository) {}

  create(accountId: string, input: CreateEntityInput): Promise<EntityRecord> {
    const name = input.name.trim();
    const purpose = input.purpose.trim();
    return this.repo.save(
      this.repo.build({
        id: newId('ent'),
        accountId,
        name,
        purpose,
        externalUserId: input.externalUserId ?? null,
        status: 'active',
        personality: derivePersonality(name, purpose),
      }),
    );
  }

  async get(accountId: string, id: string): Promise<EntityRecord> {
    const entity = await this.repo.ofAccount(accountId, id);
    if (!entity) throw new NotFoundError(`Entity ${id} not found`, 'entity_not_found');
    return entity;
  }

  /**
   * An entity by its id alone, for a caller that already checked the account (a queued turn), read in `m`'s
   * transaction when given; null when it is gone.
   */
  find(id: string, m?: EntityManager): Promise<EntityRecord | null> {
    return this.repo.byId(id, m);
  }

  /** The names of the account's entities among `ids` (an id of another account, or gone, is left out). */
  async names(accountId: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.repo.names(accountId, ids);
    return new Map(rows.map((e) => [e.id, e.name]));
  }

  /** An entity that can take a message now, or 409 entity_unavailable. */
  async getAvailable(accountId: string, id: string): Promise<EntityRecord> {
    const entity = await this.get(accountId, id);
    if (entity.status !== 'active') {
      throw new DomainException('entity_unavailable', `Entity ${id} is ${entity.status} and does not take messages`, 'conflict', {
        extra: { status: entity.status },
      });
    }
    return entity;
  }

  /** Newest first, paged by an opaque cursor. */
  async list(accountId: string, opts: { externalUserId?: string; limit: number; cursor?: string }) {
    return this.repo.page(accountId, opts);
  }

  async update(accountId: string, id: string, input: UpdateEntityInput): Promise<EntityRecord> {
    const entity = await this.get(accountId, id);
    if (input.name !== undefined && input.name.trim() !== entity.name) {
      // The entity introduces itself by its greeting: it follows the new name (unless a greeting is given too).
      const renamed = soulNamed(
        {
          id: entity.id,
          name: entity.name,
          description: '',
          tone: '',
          language: entity.personality.language,
          styleRules: entity.personality.style_rules,
          greeting: entity.personality.greeting,
        },
        input.name,
      );
      entity.name = renamed.name;
      entity.personality = { ...entity.personality, greeting: renamed.greeting, style_rules: renamed.styleRules };
    }
    if (input.purpose !== undefined && input.purpose.trim() !== entity.purpose) {
      entity.purpose = input.purpose.trim();
      if (!input.personality) entity.personality = derivePersonality(entity.name, entity.purpose);
    }
    if (input.status !== undefined) entity.status = input.status;
    if (input.personality) {
      const { traits, ...rest } = input.personality;
      entity.personality = { ...entity.personality, ...defined(rest), traits: { ...entity.personality.traits, ...defined(traits ?? {}) } };
    }
    return this.repo.save(entity);
  }

  /** Deletes the entity with its interactions and memory (cascade). */
  async remove(accountId: string, id: string): Promise<void> {
    if (!(await this.repo.delete(accountId, id))) throw new NotFoundError(`Entity ${id} not found`, 'entity_not_found');
  }
}
