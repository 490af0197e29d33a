import { css } from 'lit';

export const qrStyles = css`
  :host {
    display: inline-flex;
    flex-direction: column;
    align-items: center;
    gap: 0.4em;
    max-width: 100%;
  }
  svg {
    display: block;
    width: var(--hsw-qr-size, 12em);
    height: auto;
    max-width: 100%;
    /* a QR code needs dark modules on a light field, in either theme, with a quiet zone */
    background: #fff;
    border-radius: 0.3em;
  }
  rect {
    fill: #000;
  }
  .url {
    font-family: var(--hsw-mono);
    font-size: var(--hsw-qr-url-size, 0.9em);
    font-weight: 600;
    color: var(--hsw-fg);
    overflow-wrap: anywhere;
    text-align: center;
  }
  .error {
    color: var(--hsw-bad-text);
  }
`;
