// The types of style-props.js (ESLint loads the rule as JavaScript; tests/unit/style-props-rule.test.ts imports it).
import type { ESLint, Rule } from 'eslint';

export declare const styleProps: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
