import { LitElement, html, nothing, svg } from 'lit';
import { create } from 'qrcode';
import { qrStyles } from './qr-code-styles.ts';
import type { HswQrCodeElement } from './qr-code-tag.ts';

/** The dark modules of a QR code for `text` as [row, column] pairs, and its size in modules (pure). */
export function qrModules(text: string): { size: number; dark: [number, number][] } {
  const m = create(text, { errorCorrectionLevel: 'M' }).modules;
  const dark: [number, number][] = [];
  for (let r = 0; r < m.size; r++) for (let c = 0; c < m.size; c++) if (m.get(r, c)) dark.push([r, c]);
  return { size: m.size, dark };
}

/** Quiet zone around the code, in modules (the standard asks for 4). */
const QUIET = 4;

/**
 * A QR code of `text` drawn as SVG rectangles (no HTML from the text), with the text itself beside it so that a
 * person can type it. `label` names the image for a screen reader.
 */
export class QrCode extends LitElement implements HswQrCodeElement {
  static override properties = {
    text: {},
    label: {},
  };

  static override styles = qrStyles;

  declare text: string;
  declare label: string;

  constructor() {
    super();
    this.text = '';
    this.label = '';
  }

  override render() {
    if (!this.text) return nothing;
    let code: ReturnType<typeof qrModules>;
    try {
      code = qrModules(this.text);
    } catch {
      return html`<p class="error">${this.text}</p>`;
    }
    const n = code.size + 2 * QUIET;
    return html`<svg viewBox="0 0 ${n} ${n}" role="img" aria-label=${this.label || this.text} shape-rendering="crispEdges">
        ${code.dark.map(([r, c]) => svg`<rect x=${c + QUIET} y=${r + QUIET} width="1" height="1"></rect>`)}
      </svg>
      <span class="url">${this.text}</span>`;
  }
}

customElements.define('hsw-qr-code', QrCode);
