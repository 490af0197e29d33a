/**
 * `<hsw-qr-code>` as a page sees it, without its code: components/ui/qr-code.ts defines the element (and brings the
 * QR library), which only a workshop loads; the title's map and the workshop panel name the tag through this file, so
 * the type checker and lit-analyzer know it without loading the element.
 */
export interface HswQrCodeElement extends HTMLElement {
  /** What the code encodes, also shown beside it as text. */
  text: string;
  /** The image's accessible name. */
  label: string;
}

declare global {
  interface HTMLElementTagNameMap {
    'hsw-qr-code': HswQrCodeElement;
  }
}
