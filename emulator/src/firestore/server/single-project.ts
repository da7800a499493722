import type { CallContext, FirestoreService } from '../service.js';

/**
 * `--single_project_mode true`: like the official emulator, requests for a project other than
 * `--project_id` are served but warned about (once per project), because mismatched project ids
 * are the usual reason data "goes missing" between the emulators and the app.
 */
export function warnOnOtherProjects(
  service: FirestoreService,
  mainProject: string,
  log: (line: string) => void,
): FirestoreService {
  const warned = new Set<string>();
  const check = (ctx: CallContext): void => {
    if (ctx.projectId === mainProject || warned.has(ctx.projectId)) return;
    warned.add(ctx.projectId);
    log(
      `warning: Multiple projectIds are not recommended in single project mode. Requested project ID ${ctx.projectId}, but the emulator is configured for ${mainProject}.`,
    );
  };
  return new Proxy(service, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const first = args[0] as Partial<CallContext> | undefined;
        if (
          first &&
          typeof first === 'object' &&
          typeof first.projectId === 'string' &&
          'caller' in first
        ) {
          check(first as CallContext);
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
