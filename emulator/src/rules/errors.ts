/** Errors of the rules engine: syntax errors of a rules file, and evaluation errors of a rule. */

export interface RulesIssue {
  line: number;
  column: number;
  message: string;
}

/** A rules file that cannot be parsed; `issues` carry 1-based line and column. */
export class RulesSyntaxError extends Error {
  constructor(
    readonly issues: RulesIssue[],
    readonly fileName = 'rules',
  ) {
    super(issues.map((i) => `${fileName}:${i.line}:${i.column}: ${i.message}`).join('\n'));
    this.name = 'RulesSyntaxError';
  }
}

/**
 * An error while evaluating an expression (undefined property, null value, wrong type, ...).
 * It denies the allow statement it occurs in unless `&&`/`||` absorbs it.
 */
export class RulesEvalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RulesEvalError';
  }
}
