import { noChange } from 'lit';
import { Directive, directive, PartType, type AttributePart, type PartInfo } from 'lit/directive.js';

/**
 * `style=${styleProps({ left: '40%', '--hsw-x': '3' })}`: inline styles set through the CSSOM
 * (`element.style.setProperty`), never as a `style` attribute. The deck's Content Security Policy has no
 * 'unsafe-inline' for styles, which refuses every `style="…"` set from markup or `setAttribute` — Lit's own
 * `styleMap` included, which writes the attribute on its first render. Property names are CSS names.
 */
class StyleProps extends Directive {
  private previous = new Set<string>();

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ATTRIBUTE || info.name !== 'style')
      throw new Error('styleProps() belongs in a style attribute');
  }

  render(_props: Readonly<Record<string, string>>): typeof noChange {
    return noChange;
  }

  override update(part: AttributePart, [props]: [Readonly<Record<string, string>>]): typeof noChange {
    const { style } = part.element as HTMLElement | SVGElement;
    for (const name of this.previous) if (!(name in props)) style.removeProperty(name);
    for (const [name, value] of Object.entries(props)) style.setProperty(name, value);
    this.previous = new Set(Object.keys(props));
    return noChange;
  }
}

export const styleProps = directive(StyleProps);
