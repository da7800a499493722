import assert from 'node:assert/strict';
import {
  MAX_KEYWORDS,
  MAX_KEYWORD_LENGTH,
  MAX_SEARCH_WORDS,
  incidentKeywords,
  keywordsUpToDate,
  searchQuery,
  searchWords,
} from '../src';

describe('searchWords', () => {
  it('lower-cases, folds accents and splits on anything not a letter or digit', () => {
    assert.deepEqual(searchWords('Smoke near the CAFÉ—Niño’s bin, 2nd floor!'), [
      'smoke',
      'cafe',
      'nino',
      'bin',
      '2nd',
      'floor',
    ]);
  });
  it('drops stop-words, single characters and repeats, keeping first-seen order', () => {
    assert.deepEqual(searchWords('A fire and a FIRE in the lab B'), ['fire', 'lab']);
  });
  it('keeps an email whole and adds the words of its local part', () => {
    assert.deepEqual(searchWords('Maria.Santos@Campus.edu reported'), [
      'maria.santos@campus.edu',
      'maria',
      'santos',
      'reported',
    ]);
  });
  it('cuts long words to the stored length, so the same long word still matches', () => {
    const long = 'x'.repeat(MAX_KEYWORD_LENGTH + 25);
    assert.deepEqual(searchWords(long), ['x'.repeat(MAX_KEYWORD_LENGTH)]);
  });
  it('cuts long words by code points, never inside a surrogate pair', () => {
    // `a` + 20 astral letters is 41 UTF-16 units but 21 letters: kept whole, not cut mid pair.
    const astral = 'a' + '\u{10330}'.repeat(20);
    assert.deepEqual(searchWords(astral), [astral]);
    const longer = 'a' + '\u{10330}'.repeat(MAX_KEYWORD_LENGTH + 5);
    const [cut] = searchWords(longer);
    assert.equal(cut, 'a' + '\u{10330}'.repeat(MAX_KEYWORD_LENGTH - 1));
    assert.doesNotMatch(cut!, /\p{Cs}/u);
    const keywords = incidentKeywords({ description: longer });
    assert.ok(keywordsUpToDate(keywords, { description: longer }));
  });
  it('keeps letters of other scripts', () => {
    assert.deepEqual(searchWords('Пожар у входа'), ['пожар', 'входа']);
  });
});

describe('incidentKeywords', () => {
  const incident = {
    incidentType: 'Suspicious Activity',
    nearestCampus: 'north',
    tags: ['cctv review', 'night'],
    email: 'jo.reyes@campus.edu',
    assignedTo: { displayName: 'Ana Cruz', email: 'ana@campus.edu' },
    description: 'Someone is trying car door handles in Lot B.',
  };
  it('holds the words of type, campus, tags, reporter, assignee and description', () => {
    assert.deepEqual(incidentKeywords(incident), [
      'suspicious',
      'activity',
      // The campus as stored: its id.
      'north',
      'cctv',
      'review',
      'night',
      'jo.reyes@campus.edu',
      'jo',
      'reyes',
      'ana',
      'cruz',
      'ana@campus.edu',
      'someone',
      'trying',
      'car',
      'door',
      'handles',
      'lot',
    ]);
  });
  it('tolerates missing optional fields (a new report has no assignee or tags)', () => {
    assert.deepEqual(
      incidentKeywords({ incidentType: 'Fire', nearestCampus: 'Main', assignedTo: null }),
      ['fire', 'main'],
    );
  });
  it('keeps at most MAX_KEYWORDS words, the naming fields before the description', () => {
    const description = Array.from({ length: 500 }, (_, i) => `word${i}`).join(' ');
    const words = incidentKeywords({ ...incident, description });
    assert.equal(words.length, MAX_KEYWORDS);
    assert.equal(words[0], 'suspicious');
    assert.ok(words.includes('ana@campus.edu'));
  });
  it('keywordsUpToDate says whether a stored value needs rewriting', () => {
    assert.equal(keywordsUpToDate(incidentKeywords(incident), incident), true);
    assert.equal(keywordsUpToDate(undefined, incident), false);
    assert.equal(keywordsUpToDate(['fire'], incident), false);
    assert.equal(
      keywordsUpToDate(incidentKeywords(incident), { ...incident, tags: ['day'] }),
      false,
    );
  });
});

describe('searchQuery', () => {
  it('finds a report by any word the tokeniser stored for it', () => {
    const stored = incidentKeywords({ incidentType: 'Theft', description: 'Laptop taken at Café' });
    const { words } = searchQuery('  LAPTOP cafe ');
    assert.deepEqual(words, ['laptop', 'cafe']);
    assert.ok(words.every((w) => stored.includes(w)));
  });
  it('is no search for an empty box', () => {
    assert.deepEqual(searchQuery('   '), { words: [], problem: null });
  });
  it('explains a search of only common words', () => {
    assert.match(searchQuery('the a').problem ?? '', /not a common word/);
  });
  it(`refuses more than ${MAX_SEARCH_WORDS} words (Firestore's disjunction limit) and over-long text`, () => {
    const many = Array.from({ length: MAX_SEARCH_WORDS + 1 }, (_, i) => `w${i}`).join(' ');
    assert.match(searchQuery(many).problem ?? '', /at most 30 words/);
    assert.equal(searchQuery(many.split(' ').slice(0, 30).join(' ')).words.length, 30);
    assert.match(searchQuery('x'.repeat(501)).problem ?? '', /at most 500 characters/);
  });
});
