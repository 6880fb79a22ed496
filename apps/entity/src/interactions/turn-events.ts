import { Injectable } from '@nestjs/common';
import { EventEmitter } from 'node:events';

/** In-process signal that a turn finished, so a waiting request answers at once (polling covers other processes). */
@Injectable()
export class TurnEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  finished(interactionId: string): void {
    this.emitter.emit(interactionId);
  }

  once(interactionId: string, listener: () => void): () => void {
    this.emitter.once(interactionId, listener);
    return () => this.emitter.off(interactionId, listener);
  }
}
