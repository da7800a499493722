import { MESSAGES, type AddTagsResponse } from '@campus-safety/model';
import { callFunction } from '../../lib/functions';

export function addTags(names: string[]) {
  return callFunction('addTags', { names });
}

export async function renameTag(id: string, name: string) {
  try {
    await callFunction('renameTag', { id, name });
  } catch (error) {
    throw new Error(
      `${MESSAGES.failedToUpdateTag} ${error instanceof Error ? error.message : ''}`.trim(),
    );
  }
}

export async function deleteTag(id: string) {
  try {
    await callFunction('deleteTag', { id });
  } catch (error) {
    throw new Error(
      `${MESSAGES.failedToDeleteTag} ${error instanceof Error ? error.message : ''}`.trim(),
    );
  }
}

export function tagUsage(name: string) {
  return callFunction('tagUsage', { names: [name] });
}

/** One line for the toast after adding: what was added and why the rest was skipped. */
export function describeAddResult(result: AddTagsResponse): string {
  const parts: string[] = [];
  if (result.added.length) parts.push(`Added: ${result.added.join(', ')}.`);
  const reasons: Record<AddTagsResponse['skipped'][number]['reason'], string> = {
    exists: 'already exists',
    duplicate: 'repeated',
    empty: 'empty',
    'not-a-string': 'not text',
    'too-long': 'too long',
  };
  if (result.skipped.length) {
    parts.push(
      `Skipped: ${result.skipped.map((s) => `${String(s.name)} (${reasons[s.reason]})`).join(', ')}.`,
    );
  }
  return parts.join(' ') || 'Nothing to add.';
}
