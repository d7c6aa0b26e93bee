import sanitizeHtml from 'sanitize-html';

/**
 * What the console's editor (Tiptap: StarterKit and Link) can produce, and nothing else: paragraphs, headings,
 * emphasis, lists, quotes, code, rules, line breaks and links (http, https, mailto). Everything else, `<script>`,
 * `<img onerror>`, `style`, event attributes and `javascript:` links included, is removed, never rendered.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'hr', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }) },
};

export const sanitizeAnnouncementHtml = (html: string) => sanitizeHtml(html, OPTIONS).trim();

/** The words of sanitised HTML (what a kiosk reads aloud). */
export const plainText = (html: string) =>
  sanitizeHtml(html.replace(/<\/(p|h[1-3]|li|blockquote|pre)>|<br\s*\/?>/gi, '$&\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/\n{2,}/g, '\n')
    .trim();
