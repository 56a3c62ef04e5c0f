import type { Rule } from 'eslint';

export const tableOwners: Rule.RuleModule;
