import type { AccessRequest, Authorizer } from '../service.js';

/** The rules engine's authorizer (R1's `createFirestoreRulesAuthorizer()`). */
export interface LoadableAuthorizer extends Authorizer {
  load(source: string, fileName?: string): void;
}

export interface RulesIssue {
  line: number;
  column: number;
  message: string;
}

/**
 * Security rules per project, as the official emulator keeps them: `@firebase/rules-unit-testing`
 * loads a ruleset for its own (fresh) project id. The `--rules` file is the default for every
 * project that has not had its own loaded; with no rules at all everything is allowed.
 */
export class ProjectRules implements Authorizer {
  private fallback: LoadableAuthorizer | null = null;
  private readonly byProject = new Map<string, LoadableAuthorizer>();

  constructor(
    private readonly createAuthorizer: () => LoadableAuthorizer,
    /** The `--project_id` project; loads for it also replace the default. */
    private readonly mainProject: string | null,
  ) {}

  /** Loads a ruleset; throws the rules engine's syntax error and keeps the previous rules. */
  load(projectId: string | null, source: string, fileName?: string): void {
    const authorizer = this.createAuthorizer();
    authorizer.load(source, fileName);
    if (projectId === null || projectId === this.mainProject) this.fallback = authorizer;
    if (projectId !== null) this.byProject.set(projectId, authorizer);
  }

  authorize(request: AccessRequest): void {
    (this.byProject.get(request.ctx.projectId) ?? this.fallback)?.authorize(request);
  }
}

/** The line/column issues of a rules syntax error, or null if the error is something else. */
export function rulesIssuesOf(error: unknown): RulesIssue[] | null {
  const issues = (error as { issues?: unknown } | null)?.issues;
  return Array.isArray(issues) ? (issues as RulesIssue[]) : null;
}
