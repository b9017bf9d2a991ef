/**
 * How well a palette item answers a query, from 0 (hidden) to 1 (its title, exactly). A title
 * that is or begins with the query comes first, then a title with a word beginning with it, then
 * the item's other words, then the title's initials ("rs" for Registered Students). Letters that
 * merely occur in order somewhere ("stu" in "Switch to system theme") are not a match.
 */
export const SCORES = {
  exact: 1,
  prefix: 0.9,
  wordPrefix: 0.8,
  /** Every word of a query of several words begins a word of the title ("add stu"). */
  allWordsInTitle: 0.7,
  keyword: 0.6,
  contains: 0.5,
  /** Every word of the query begins a word of the title or the other words. */
  allWords: 0.4,
  initials: 0.35,
} as const;

/** A record the server found for the query is shown even when only a field not shown matched. */
export const RECORD_FLOOR = 0.3;

function normalise(text: string) {
  return text.toLocaleLowerCase('en-IN').replace(/\s+/g, ' ').trim();
}

function wordsOf(text: string) {
  return normalise(text)
    .split(/[\s\-–—/·,.()@]+/)
    .filter(Boolean);
}

const beginsAWord = (words: readonly string[], query: string) => words.some((word) => word.startsWith(query));

export function paletteScore(query: string, title: string, keywords: readonly string[] = []): number {
  const search = normalise(query);
  if (!search) return 1;
  const label = normalise(title);
  if (label === search) return SCORES.exact;
  // Among titles that begin alike, the shorter is the closer ("Courses" before "Course Papers").
  const closeness = Math.min(0.05, (label.length - search.length) / 1000);
  if (label.startsWith(search)) return SCORES.prefix - closeness;

  const titleWords = wordsOf(title);
  if (beginsAWord(titleWords, search)) return SCORES.wordPrefix - closeness;

  const searchWords = wordsOf(search);
  const several = searchWords.length > 1;
  if (several && searchWords.every((word) => beginsAWord(titleWords, word))) return SCORES.allWordsInTitle;

  const others = keywords.map(normalise);
  const otherWords = keywords.flatMap(wordsOf);
  if (others.some((keyword) => keyword.startsWith(search)) || beginsAWord(otherWords, search)) return SCORES.keyword;
  if (search.length >= 3 && label.includes(search)) return SCORES.contains;

  const allWords = [...titleWords, ...otherWords];
  if (several && searchWords.every((word) => beginsAWord(allWords, word))) return SCORES.allWords;

  const initials = titleWords.map((word) => word[0]).join('');
  if (!search.includes(' ') && search.length >= 2 && initials.startsWith(search)) return SCORES.initials;
  return 0;
}

/**
 * The words of a palette item in the order `paletteScore` reads them: its title first. A record's
 * group ("Students") says what it is, not what it is called, so records leave it out.
 */
export function paletteWords(item: { label: string; description?: string; group: string; keywords?: readonly string[] }, isRecord = false) {
  return [item.label, ...(item.description ? [item.description] : []), ...(isRecord ? [] : [item.group]), ...(item.keywords ?? [])];
}

/** The score of an item given its `paletteWords`; records found by the server keep a floor. */
export function scorePaletteWords(query: string, words: readonly string[], isRecord = false) {
  const [label = '', ...others] = words;
  const score = paletteScore(query, label, others);
  return isRecord ? Math.max(score, RECORD_FLOOR) : score;
}
