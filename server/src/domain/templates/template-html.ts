import sanitizeHtml from 'sanitize-html';
import { isStoredName, uploadPath } from '#server/domain/files/file-names';
import { htmlToPlainText } from './html-to-text';

/**
 * The HTML a template (and a document made from one) may hold: what TipTap's StarterKit, table,
 * image and text-align extensions write, and nothing that can run. Applied by the server when a
 * template is saved and when a document is created from one; the worker may apply it again.
 *
 * - Tags: paragraphs, headings, lists, tables, b/i/u/s/strong/em, code/pre, blockquote, br, hr,
 *   span, div, a, img. Scripts, styles, iframes, SVG, MathML, forms and their content are dropped.
 * - Links: http, https and mailto only; they open in a new tab without the opener.
 * - Images: only our own uploaded images (png, jpg, gif, webp). Their src is written in one form,
 *   `/uploads/<storedName>` (the `url` POST /uploads answers, a path under the API base); the same
 *   path with `/api` before it, an origin, a query (`?token=`) or a fragment is accepted and
 *   rewritten to it. Any other src (remote, data:, javascript:) drops the image.
 * - Styles: text-align on blocks; width in % on images and tables (px too on tables and columns,
 *   as TipTap's column resizing writes), min-width in px on tables and columns; image alignment
 *   (display block/inline, margin auto, float left/right). Nothing else, and no classes or ids.
 */

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'gif', 'webp']);
/** `/uploads/<name>`, optionally after an origin and `/api`, optionally followed by a query or fragment. */
const OUR_IMAGE = /^(?:https?:\/\/[^/?#\s]+)?(?:\/api)?\/uploads\/([^/?#]+)(?:[?#].*)?$/i;

/** The stored file name of one of our uploaded images, from an img src in any accepted form; else null. */
export function uploadedImageName(src: string): string | null {
  const match = OUR_IMAGE.exec(src.trim());
  if (!match) return null;
  const name = match[1].toLowerCase();
  const ext = name.slice(name.lastIndexOf('.') + 1);
  return isStoredName(name) && IMAGE_EXTENSIONS.has(ext) ? name : null;
}

const TEXT_ALIGN = [/^(left|right|center|justify)$/];
const PERCENT = /^(100|[1-9]?[0-9])(\.\d{1,2})?%$/;
const PIXELS = /^\d{1,4}(\.\d{1,2})?px$/;
const SIZE_ATTRIBUTE = /^\d{1,4}%?$/;
const tableSizes = { width: [PERCENT, PIXELS], 'min-width': [PIXELS], 'text-align': TEXT_ALIGN };

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'table',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'b',
    'i',
    'u',
    's',
    'strong',
    'em',
    'code',
    'pre',
    'blockquote',
    'br',
    'hr',
    'span',
    'div',
    'a',
    'img',
  ],
  // Dropped with everything inside them (the default keeps the text of an unknown tag).
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'svg',
    'math',
    'template',
    'object',
    'title',
    'xmp',
    'noembed',
    'noframes',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: [
      'src',
      'alt',
      'title',
      'width',
      'height',
      'style',
      { name: 'data-align', values: ['left', 'center', 'right'] },
    ],
    ol: ['start'],
    table: ['style'],
    col: ['style', 'span'],
    th: ['colspan', 'rowspan', 'colwidth', 'style'],
    td: ['colspan', 'rowspan', 'colwidth', 'style'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
    h5: ['style'],
    h6: ['style'],
    li: ['style'],
    div: ['style'],
    blockquote: ['style'],
  },
  allowedStyles: {
    '*': { 'text-align': TEXT_ALIGN },
    img: {
      width: [PERCENT],
      display: [/^(block|inline|inline-block)$/],
      float: [/^(left|right|none)$/],
      margin: [/^(0|auto|0 auto)$/],
      'margin-left': [/^(0|auto)$/],
      'margin-right': [/^(0|auto)$/],
    },
    table: tableSizes,
    col: tableSizes,
    th: tableSizes,
    td: tableSizes,
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  selfClosing: ['img', 'br', 'hr', 'col'],
  allowedIframeHostnames: [],
  parseStyleAttributes: true,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
    img: (tagName, attribs) => {
      const name = uploadedImageName(attribs.src ?? '');
      const { src: _src, width, height, ...rest } = attribs;
      return {
        tagName,
        attribs: {
          ...rest,
          ...(name ? { src: uploadPath(name) } : {}),
          ...(width && SIZE_ATTRIBUTE.test(width) ? { width } : {}),
          ...(height && SIZE_ATTRIBUTE.test(height) ? { height } : {}),
        },
      };
    },
  },
  // An image whose src was not one of ours has none left: drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Sanitised template HTML (see the rules above). */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Whether sanitised HTML shows anything: text, an image, a table or a rule. */
export function hasVisibleContent(html: string): boolean {
  return /<(img|table|hr)\b/i.test(html) || htmlToPlainText(html) !== '';
}
