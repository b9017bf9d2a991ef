/** What a search resource route answers for `?q=`: results for that query. */
export interface PaletteSearchResponse {
  query: string;
  results: PaletteSearchResult[];
}

export interface PaletteSearchResult {
  id: string;
  group: string;
  label: string;
  description?: string;
  href: string;
  kind: 'user' | 'student' | 'record';
}
