import { failedPrecondition } from './errors.js';
import type { IndexConfig } from './index-config.js';
import { missingIndexMessage, planQuery } from './index-planner.js';
import type { CompiledQuery } from './query.js';

/**
 * Index enforcement (`--require-indexes`): off until indexes are set; then every query, aggregation
 * and listen target must be servable by them, whoever the caller (production does not exempt
 * firebase-admin either).
 */
export class IndexEnforcement {
  private config: IndexConfig | null = null;
  private file = 'firestore.indexes.json';

  /** `null` turns enforcement off; `file` names the indexes file in error messages. */
  set(config: IndexConfig | null, file?: string): void {
    this.config = config;
    if (file) this.file = file;
  }

  check(query: CompiledQuery): void {
    if (!this.config) return;
    const plan = planQuery(this.config, {
      collectionId: query.collectionId,
      allDescendants: query.allDescendants,
      structuredQuery: query.json,
    });
    if (!plan.served) throw failedPrecondition(missingIndexMessage(plan, this.file));
  }
}
