/**
 * The Storage rules runtime: answers the JSON-lines requests firebase-tools' Storage emulator
 * sends (lib/emulator/storage/rules/runtime.js): `load_ruleset` and `verify`, and asks the
 * emulator for Firestore documents when rules call firestore.get()/firestore.exists().
 */
import type { Method } from '../rules/ast.js';
import { checkRules } from '../rules/check.js';
import { RulesEvalError, RulesSyntaxError } from '../rules/errors.js';
import type { RulesHost } from '../rules/evaluator.js';
import { denialMessage, existing } from '../rules/firestore-authorizer.js';
import { documentPathArgument, documentToResource } from '../rules/firestore-values.js';
import { parseRules } from '../rules/parser.js';
import { ANY_ID, Ruleset, type RequestSegment } from '../rules/ruleset.js';
import { RMap, type RValue } from '../rules/values.js';
import { fromExpressionValue } from './expression-value.js';

type Message = Record<string, unknown>;

/** Document reads a single Storage request may make through firestore.get()/exists(). */
export const FIRESTORE_ACCESS_LIMIT = 10;

const METHODS: readonly string[] = ['get', 'list', 'create', 'update', 'delete'];

/** Thrown inside evaluation when a Firestore document must be fetched first; evaluation restarts after. */
class NeedDocument {
  constructor(readonly path: string) {}
}

export class StorageRulesRuntime {
  private readonly rulesets = new Map<string, Ruleset>();
  /** Verify requests waiting for a Firestore document from the emulator, by request id. */
  private readonly waiting = new Map<number | string, (message: Message) => void>();

  constructor(
    private readonly send: (message: Message) => void,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** Tells the emulator the runtime is ready (it waits for id -1). */
  start(): void {
    this.send({ id: -1, status: 'ok', message: 'Storage rules runtime ready' });
  }

  /** Handles one parsed line from the emulator. */
  receive(message: Message): void {
    const id = message.id as number | string | undefined;
    if (!('action' in message)) {
      const resume = id === undefined ? undefined : this.waiting.get(id);
      if (resume) {
        this.waiting.delete(id!);
        resume(message);
      } else {
        this.log(`Ignoring unexpected message ${JSON.stringify(message).slice(0, 200)}`);
      }
      return;
    }
    switch (message.action) {
      case 'load_ruleset':
        this.send(this.loadRuleset(id, (message.context ?? {}) as Message));
        return;
      case 'verify':
        void this.verify(id, (message.context ?? {}) as Message).then(this.send, (e: unknown) =>
          this.send({
            id,
            status: 'ok',
            errors: [`Internal error: ${e instanceof Error ? e.message : String(e)}`],
            warnings: [],
          }),
        );
        return;
      default:
        this.send({
          id,
          status: 'ok',
          errors: [`Unknown action ${String(message.action)}`],
          warnings: [],
        });
    }
  }

  private loadRuleset(id: unknown, context: Message): Message {
    const name = String(context.rulesetName ?? '');
    const files =
      (context.source as { files?: { name?: string; content?: string }[] } | undefined)?.files ??
      [];
    const file = files[0];
    if (!file || typeof file.content !== 'string') {
      return { id, status: 'ok', errors: ['No rules file in load_ruleset request.'], warnings: [] };
    }
    const fileName = file.name ?? 'storage.rules';
    try {
      const parsed = parseRules(file.content, fileName);
      if (!parsed.services.some((s) => s.name === 'firebase.storage')) {
        return {
          id,
          status: 'ok',
          errors: [issue(`${fileName} declares no 'service firebase.storage'.`, fileName, 1, 1)],
          warnings: [],
        };
      }
      this.rulesets.set(name, new Ruleset(parsed));
      return {
        id,
        status: 'ok',
        result: { rulesVersion: Number(parsed.version) },
        errors: [],
        warnings: checkRules(parsed).map((w) => issue(w.message, fileName, w.line, w.column)),
      };
    } catch (e) {
      if (!(e instanceof RulesSyntaxError)) throw e;
      return {
        id,
        status: 'ok',
        errors: e.issues.map((i) => issue(i.message, fileName, i.line, i.column)),
        warnings: [],
      };
    }
  }

  private async verify(id: unknown, context: Message): Promise<Message> {
    const ruleset = this.rulesets.get(String(context.rulesetName ?? ''));
    if (!ruleset)
      return {
        id,
        status: 'ok',
        errors: [`Ruleset ${String(context.rulesetName)} is not loaded.`],
        warnings: [],
      };
    const method = String(context.method ?? '');
    if (!METHODS.includes(method))
      return { id, status: 'ok', errors: [`Unsupported method ${method}.`], warnings: [] };
    const path = String(context.path ?? '');
    const segments: RequestSegment[] = path.split('/').filter((s) => s !== '');
    if (method === 'list') segments.push(ANY_ID);
    const variables: Record<string, RValue> = {};
    for (const [k, v] of Object.entries((context.variables ?? {}) as Record<string, unknown>))
      variables[k] = fromExpressionValue(v);
    if (variables.request instanceof RMap && !variables.request.entries.has('method')) {
      variables.request = new RMap(new Map([...variables.request.entries, ['method', method]]));
    }
    const documents = new Map<string, Record<string, unknown> | null>();
    for (;;) {
      try {
        const decision = ruleset.evaluate({
          service: 'firebase.storage',
          segments,
          method: method as Method,
          variables,
          host: this.host(documents),
        });
        const warnings = decision.allowed
          ? []
          : [
              `Permission denied for '${method}' on ${path}: ${denialMessage(method as Method, decision)}`,
            ];
        return { id, status: 'ok', result: { permit: decision.allowed }, errors: [], warnings };
      } catch (e) {
        if (!(e instanceof NeedDocument)) throw e;
        documents.set(e.path, await this.fetchDocument(id as number | string, e.path));
      }
    }
  }

  /** Asks the Storage emulator for a Firestore document; it answers under the same id. */
  private fetchDocument(
    id: number | string,
    path: string,
  ): Promise<Record<string, unknown> | null> {
    return new Promise((resolve) => {
      this.waiting.set(id, (answer) => {
        const result = answer.result as { fields?: unknown; name?: string } | undefined;
        resolve(answer.status === 'ok' && result ? (result as Record<string, unknown>) : null);
      });
      this.send({ server_request_id: id, action: 'fetch_firestore_document', context: { path } });
    });
  }

  private host(documents: Map<string, Record<string, unknown> | null>): RulesHost {
    const read = (args: RValue[]): { doc: Record<string, unknown> | null; databaseId: string } => {
      const { path, databaseId } = documentPathArgument(args);
      const key = path.toString();
      if (!documents.has(key)) {
        if (documents.size >= FIRESTORE_ACCESS_LIMIT) {
          throw new RulesEvalError(
            `Exceeded maximum of ${FIRESTORE_ACCESS_LIMIT} Firestore document access calls per request.`,
          );
        }
        throw new NeedDocument(key);
      }
      return { doc: documents.get(key) ?? null, databaseId };
    };
    return {
      namespaces: {
        firestore: {
          get: (args) => {
            const { doc, databaseId } = read(args);
            return existing(
              'firestore.get',
              args,
              doc ? documentToResource(doc, databaseId) : null,
            );
          },
          exists: (args) => read(args).doc !== null,
        },
      },
    };
  }
}

/** A load issue in the shape firebase-tools parses (description_, sourcePosition_). */
function issue(description: string, fileName: string, line: number, column: number): string {
  return JSON.stringify({
    description_: description,
    sourcePosition_: { fileName_: fileName, line_: line, column_: column },
  });
}
