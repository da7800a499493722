import type { z } from 'zod';

export class InputError extends Error {
  constructor(
    message: string,
    readonly issues: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'InputError';
  }
}

/**
 * Validates input against a schema. The first problem becomes the message (already a sentence a
 * person can act on); all problems travel along for forms that mark several fields.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = issues[0];
  const message =
    first && first.message.endsWith('.')
      ? first.message
      : `${first?.path || 'Input'}: ${first?.message ?? 'is invalid'}.`;
  throw new InputError(message, issues);
}
