import Image, { type ImageOptions } from '@tiptap/extension-image';

export interface UploadedImageOptions {
  /** The URL the editor shows for a stored src (adds the token to our uploads); the content keeps `src`. */
  displaySrc: (src: string) => string;
}

/** A CSS width kept from the content (`50%`), or a bare number of pixels from an old `width` attribute. */
function cssWidth(value: unknown): string | null {
  if (typeof value === 'number') return `${value}px`;
  if (typeof value !== 'string' || !value.trim()) return null;
  return /^\d+(\.\d+)?$/.test(value.trim()) ? `${value.trim()}px` : value.trim();
}

/**
 * Inline image of the template content: `<img src="/uploads/…" style="width: 50%">`, aligned by
 * the paragraph around it. The editor displays it through `displaySrc` (a node view), while
 * getHTML() keeps the stored src, so the token never enters the content.
 */
export const UploadedImage = Image.extend<UploadedImageOptions & ImageOptions>({
  addOptions() {
    // Inline: the paragraph around the image aligns it.
    return { ...this.parent!(), inline: true, allowBase64: false, displaySrc: (src: string) => src };
  },
  addAttributes() {
    return {
      ...this.parent?.(),
      width: {
        default: null,
        parseHTML: (element) => cssWidth(element.style.width) ?? cssWidth(element.getAttribute('width')),
        renderHTML: (attributes) => {
          const width = cssWidth(attributes.width);
          return width ? { style: `width: ${width}` } : {};
        },
      },
      height: { default: null, parseHTML: () => null, renderHTML: () => ({}) },
    };
  },
  addNodeView() {
    const { displaySrc } = this.options;
    return ({ node }) => {
      const img = document.createElement('img');
      const show = (attrs: Record<string, unknown>) => {
        const src = typeof attrs.src === 'string' ? attrs.src : '';
        img.src = displaySrc(src);
        img.alt = typeof attrs.alt === 'string' ? attrs.alt : '';
        img.style.width = cssWidth(attrs.width) ?? '';
      };
      show(node.attrs);
      return {
        dom: img,
        update: (updated) => {
          if (updated.type !== node.type) return false;
          show(updated.attrs);
          return true;
        },
      };
    };
  },
});
