import { describe, expect, it } from 'vitest';
import { LIMITS, quickQuestionsProblem } from '@campus-safety/model';
import { questionLines } from './QuickQuestionsDialog';

describe('quick questions as typed', () => {
  it('one per line, trimmed, blank lines left out', () => {
    expect(questionLines('  Are you safe?\n\n Is anyone hurt? \n')).toEqual([
      'Are you safe?',
      'Is anyone hurt?',
    ]);
  });

  it('the model refuses an empty list, too many, too long, repeated or hidden characters', () => {
    expect(quickQuestionsProblem([])).toBe('Add at least one quick question.');
    expect(
      quickQuestionsProblem(Array.from({ length: LIMITS.quickQuestions + 1 }, (_, i) => `Q${i}`)),
    ).toBe(`At most ${LIMITS.quickQuestions} quick questions.`);
    expect(quickQuestionsProblem(['x'.repeat(LIMITS.quickQuestion + 1)])).toMatch(/at most/);
    expect(quickQuestionsProblem(['Same', 'Same'])).toBe('Each quick question must be different.');
    expect(quickQuestionsProblem(['Are you \u202Esafe'])).toMatch(/invisible or control/);
    expect(quickQuestionsProblem(['Are you safe?'])).toBeNull();
  });
});
