import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EndUserKey } from './memory.repository';

/**
 * The turns with an end user, which memory erases with what it knows of them. Memory is the lower feature (a turn
 * reads and updates the memory of its end user), so memory owns this port and interactions implements it and plugs
 * it in (`EndUserTurnsPort.implement`, interactions/interaction-end-user-turns.ts): memory never imports interactions
 * nor touches its table.
 */
export interface EndUserTurns {
  /** Deletes the turns with this end user in `m`'s transaction; how many. */
  erase(m: EntityManager, endUser: EndUserKey): Promise<number>;
}

/** The port as memory injects it; interactions plugs its implementation in when its module starts. */
@Injectable()
export class EndUserTurnsPort implements EndUserTurns {
  private impl: EndUserTurns | null = null;

  implement(impl: EndUserTurns): void {
    this.impl = impl;
  }

  erase(m: EntityManager, endUser: EndUserKey): Promise<number> {
    if (!this.impl) throw new Error('EndUserTurnsPort: no implementation (InteractionsModule provides it)');
    return this.impl.erase(m, endUser);
  }
}
