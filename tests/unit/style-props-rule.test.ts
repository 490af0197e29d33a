/**
 * The lint rule that holds "no template sets a style attribute but through styleProps()" (eslint-rules/style-props.js,
 * on for components/, lib/, slides/ and src/ in eslint.config.js): the deck's Content Security Policy (scripts/csp.ts)
 * has no 'unsafe-inline' for styles, so the browser refuses a style attribute.
 */
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { styleProps } from '../../eslint-rules/style-props.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run('hsw/style-props', styleProps, {
  valid: [
    'html`<div style=${styleProps({ left: "40%", "--hsw-x": "3" })}></div>`',
    'html`<ol class="threads" style=${styleProps({ "--lanes": String(n) })}>${items}</ol>`',
    // text for other pages, never rendered (an embed snippet a person copies)
    'const snippet = `<iframe src="${src}" style="border:0"></iframe>`;',
    'html`<p class="style">style="not an attribute"</p>`.strings',
    'html`<div data-style=${x} title="style=${y}"></div>`',
    'css`.a { color: red; }`',
  ],
  invalid: [
    { code: 'html`<div style="color: red"></div>`', errors: [{ messageId: 'refused' }] },
    { code: 'html`<div style="left: ${x}px"></div>`', errors: [{ messageId: 'refused' }] },
    { code: 'html`<div style=${"color: red"}></div>`', errors: [{ messageId: 'refused' }] },
    { code: 'html`<div class="a" style="${x}"></div>`', errors: [{ messageId: 'refused' }] },
    { code: 'html`<div\n  style=${styles(x)}></div>`', errors: [{ messageId: 'refused' }] },
    { code: 'svg`<rect style=${x}></rect>`', errors: [{ messageId: 'refused' }] },
  ],
});
