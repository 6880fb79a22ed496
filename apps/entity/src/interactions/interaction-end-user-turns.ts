import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EndUserTurnsPort, type EndUserTurns } from '../memory/end-user-turns.port';
import type { EndUserKey } from '../memory/memory.repository';
import { InteractionsRepository } from './interactions.repository';

/** Interactions' side of memory's `EndUserTurns` port (plugged in at construction): erasing an end user erases their turns. */
@Injectable()
export class InteractionEndUserTurns implements EndUserTurns {
  constructor(
    private readonly repo: InteractionsRepository,
    port: EndUserTurnsPort,
  ) {
    port.implement(this);
  }

  erase(m: EntityManager, endUser: EndUserKey): Promise<number> {
    return this.repo.deleteOfEndUser(m, endUser);
  }
}
