import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const MAX_PASSES = 5;

/**
 * Text with every tag taken out, scripts and styles with their content: what an editor saves
 * never carries markup to a visitor, whatever page or section shows it. The sanitiser escapes
 * what it keeps, so the escapes are read back, and again until nothing more is taken out, as an
 * escaped tag read back is a tag.
 */
export function plainText(value: string): string {
  let text = value;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const stripped = sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }).replace(
      /&(?:amp|lt|gt|quot|#39);/g,
      (e) => ENTITIES[e]!,
    );
    if (stripped === text) return text;
    text = stripped;
  }
  // Markup nested deeper than a person writes: nothing of it is kept.
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }).replace(/[<>]/g, '');
}

const SAFE_LINK = /^(?:https?:|mailto:|tel:|\/|#)/i;

/**
 * Markdown without tags, and with every link or image that leads anywhere but the web, mail or a
 * phone (`javascript:`, `data:`) reduced to its text: the source an editor sees again is as safe
 * as the page made from it.
 */
export function safeMarkdown(markdown: string): string {
  let text = plainText(markdown);
  marked.walkTokens(marked.lexer(text), (token) => {
    const unsafe = 'href' in token && typeof token.href === 'string' && !SAFE_LINK.test(token.href.trim());
    if (!unsafe) return;
    if (token.type === 'link' || token.type === 'image') text = text.replace(token.raw, token.text);
    if (token.type === 'def') text = text.replace(token.raw, '');
  });
  return text;
}

/** Every string of a section's content, however deep, as plain text; a `markdown` text as safe Markdown. */
export function withoutMarkup<T>(content: T, key?: string): T {
  if (typeof content === 'string') return (key === 'markdown' ? safeMarkdown(content) : plainText(content)) as T;
  if (Array.isArray(content)) return content.map((item) => withoutMarkup(item)) as T;
  if (content && typeof content === 'object') {
    return Object.fromEntries(Object.entries(content).map(([name, value]) => [name, withoutMarkup(value, name)])) as T;
  }
  return content;
}

const richText: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'del', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // A heading of the text sits below the page's and the section's own.
  transformTags: {
    h1: 'h2',
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

/** Markdown as the HTML a visitor's page shows: only the tags and link schemes a text needs. */
export function markdownHtml(markdown: string): string {
  if (!markdown.trim()) return '';
  return sanitizeHtml(marked.parse(markdown, { async: false, gfm: true, breaks: true }), richText);
}
