import { Inject, Injectable } from '@nestjs/common';
import {
  ChatTurn,
  extractFactsWithProvider,
  extractStatements,
  Fact,
  keepRecentFacts,
  mergeFacts,
  ReplyEngine,
  Soul,
  summarizeRelationship,
} from '@platform/conversation';
import type { EntityManager } from 'typeorm';
import { EntitiesService } from '../entities/entities.service';
import type { EntityRecord } from '../entities/entity-record.entity';
import { MemoryRepository } from '../memory/memory.repository';
import { Interaction } from './interaction.entity';
import { InteractionsRepository } from './interactions.repository';
import { REPLY_ENGINE } from './reply-engine.provider';

/** Facts kept per end user: the most recently stated (and always the name); the same bound as messaging's per reply. */
export const MAX_FACTS_PER_END_USER = 200;

/** Earlier turns (message and response) of the end user that reach the engine; older ones live on in the memory's facts. */
const HISTORY_TURNS = 10;

function soulOf(entity: EntityRecord): Soul {
  const p = entity.personality;
  return {
    id: entity.id,
    name: entity.name,
    description: entity.purpose,
    tone: p.tone,
    language: p.language,
    styleRules: p.style_rules,
    greeting: p.greeting,
  };
}

/**
 * Runs one turn inside the caller's transaction: history and memory of this end user only (the
 * end user of the turn's owner: two clients' "user-1" are two people), the reply from the engine,
 * then the interaction and the end user's memory updated.
 */
@Injectable()
export class TurnRunner {
  constructor(
    @Inject(REPLY_ENGINE) private readonly engine: ReplyEngine,
    private readonly entities: EntitiesService,
    private readonly memories: MemoryRepository,
    private readonly turns: InteractionsRepository,
  ) {}

  async run(tx: EntityManager, turn: Interaction): Promise<void> {
    const entity = await this.entities.find(turn.entityId, tx);
    if (!entity) return;
    const person = { entityId: entity.id, clientId: turn.clientId, endUserId: turn.endUserId ?? '' };
    const memory = turn.endUserId ? await this.memories.ofPerson(tx, { entityId: entity.id, owner: turn.clientId, endUserId: turn.endUserId }) : null;
    const language = entity.personality.language;

    // Without an end user id a turn is stateless: no history, no memory, nothing to leak.
    let history: ChatTurn[] = [];
    if (turn.endUserId) {
      const previous = await this.turns.completedBefore(tx, person, turn.createdAt, HISTORY_TURNS);
      history = previous.reverse().flatMap((p) => [
        { role: 'user' as const, content: p.message },
        { role: 'assistant' as const, content: p.response ?? '' },
      ]);
    }
    // Rules with the built-in engine; the configured model (falling back to the rules) otherwise. The entity's last
    // response lets a bare answer count ("It's 31337" after "What's the order number?").
    const lastResponse = history.at(-1)?.content || undefined;
    const fresh: Fact[] = turn.endUserId
      ? [...(await extractFactsWithProvider(turn.message, this.engine, { previous: lastResponse })), ...extractStatements(turn.message)].map((f) => ({
          ...f,
          sourceMessageId: turn.id,
          updatedAt: turn.createdAt.toISOString(),
        }))
      : [];
    // Every turn gets the whole memory, whatever the history window; a later fact of a slot replaces the earlier. At
    // most MAX_FACTS_PER_END_USER are kept (tastes, plans and relations are kept per thing: they only ever add up; what the
    // person said, the statements, go first when the bound is reached).
    const facts = keepRecentFacts(mergeFacts(memory?.facts ?? [], fresh), MAX_FACTS_PER_END_USER);
    const nameFact = facts.find((f) => f.kind === 'name')?.value;
    const userName = turn.endUserName ?? nameFact ?? memory?.name ?? undefined;

    const reply = await this.engine.reply({
      soul: soulOf(entity),
      language,
      replyLanguage: entity.personality.reply_language ?? 'auto',
      history,
      message: turn.message,
      userName,
      facts,
    });
    const now = new Date();
    await this.turns.complete(tx, turn.id, { response: reply.content, provider: reply.provider, completedAt: now });
    if (turn.endUserId) {
      const interactions = (memory?.interactions ?? 0) + 1;
      const firstSeenAt = memory?.firstSeenAt ?? turn.createdAt;
      const name = turn.endUserName ?? nameFact ?? memory?.name ?? null;
      // Turns of one end user run one at a time (TurnProcessor's lock), so the read above is still current.
      await this.memories.save(tx, {
        ...(memory ? { id: memory.id } : {}),
        entityId: entity.id,
        clientId: turn.clientId,
        endUserId: turn.endUserId,
        accountId: turn.accountId,
        name,
        facts,
        interactions,
        firstSeenAt,
        lastSeenAt: now,
        summary: summarizeRelationship(facts, { interactions, firstSeen: firstSeenAt, lastSeen: now, name: name ?? undefined }, language),
      });
    }
  }
}
