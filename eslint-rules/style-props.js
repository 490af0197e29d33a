/**
 * ESLint rule `hsw/style-props`: no Lit template (html`…`, svg`…`) sets a `style` attribute but through `styleProps()`
 * (components/ui/style-props.ts), which sets the properties through the CSSOM. The deck's Content Security Policy
 * (scripts/csp.ts) has no 'unsafe-inline' for styles, so the browser refuses `style="…"` or `style=${'…'}` (and prints
 * a console error, but only on a page a browser test happens to show). The template's HTML is read as eslint-plugin-lit's
 * own rules read it (its TemplateAnalyzer, shipped with its types): attributes, not text that looks like one. A string
 * that is never rendered (the embed snippets a person copies, src/plugins/deck-chrome.ts) is no template: not checked.
 */
import { TemplateAnalyzer } from 'eslint-plugin-lit/lib/template-analyzer.js';

const TAGS = new Set(['html', 'svg']);

/**
 * Whether an attribute's value (its text, or the expression bound to it) is one call of styleProps().
 * @param {any} value
 */
const isStyleProps = (value) =>
  value?.type === 'CallExpression' && value.callee?.type === 'Identifier' && value.callee.name === 'styleProps';

/** @type {import('eslint').Rule.RuleModule} */
export const styleProps = {
  meta: {
    type: 'problem',
    docs: { description: 'Templates set inline styles through styleProps() only (the CSP refuses a style attribute)' },
    schema: [],
    messages: {
      refused:
        'A style attribute the policy refuses: use style=${styleProps({…})} (components/ui/style-props.ts) or a class.',
    },
  },
  create(context) {
    const source = context.sourceCode;
    return {
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || !TAGS.has(node.tag.name)) return;
        const analyzer = TemplateAnalyzer.create(node);
        analyzer.traverse({
          enterElement(element) {
            if (!('style' in element.attribs)) return;
            if (isStyleProps(analyzer.getAttributeValue(element, 'style', source))) return;
            const loc = analyzer.getLocationForAttribute(element, 'style', source);
            context.report(loc ? { loc, messageId: 'refused' } : { node, messageId: 'refused' });
          },
        });
      },
    };
  },
};

export default { rules: { 'style-props': styleProps } };
