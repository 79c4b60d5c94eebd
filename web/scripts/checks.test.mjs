import { describe, expect, it } from 'vitest';

import { closure, measure, SDK, SHELL, SIGN_IN } from './bundle-budget.mjs';
import { featureCycles, violation } from './check-imports.mjs';

const feature = (name, entry = false) => ({ area: 'feature', feature: name, entry });

describe('violation', () => {
  it.each([
    ['a feature to its own internals', feature('contacts'), feature('contacts'), null],
    ["a feature to another's entry", feature('relations'), feature('contacts', true), null],
    ["a feature to another's internals", feature('relations'), feature('contacts'), 'use the contacts feature through its public entry (src/features/contacts/index.ts)'],
    ['a feature to the app', feature('leads'), { area: 'app' }, 'a feature does not import src/app'],
    ['a feature to lib', feature('leads'), { area: 'lib' }, null],
    ["the app to a feature's internals", { area: 'app' }, feature('contacts'), null],
    ['lib to a feature', { area: 'lib' }, feature('auth', true), 'src/lib is below the features and the app and imports neither'],
    ['components to the app', { area: 'components' }, { area: 'app' }, 'src/components is below the features and the app and imports neither'],
    ['testing to a feature', { area: 'testing' }, feature('contacts'), null],
  ])('%s', (_name, from, to, want) => {
    expect(violation(from, to)).toBe(want);
  });
});

describe('featureCycles', () => {
  it.each([
    ['no edges', [], []],
    ['a chain', [['a', ['b']], ['b', ['c']]], []],
    ['two features importing each other', [['contacts', ['relations']], ['relations', ['contacts']]], [['contacts', 'relations', 'contacts']]],
    ['a longer loop', [['a', ['b']], ['b', ['c']], ['c', ['a']]], [['a', 'b', 'c', 'a']]],
  ])('%s', (_name, edges, want) => {
    const graph = new Map(edges.map(([from, to]) => [from, new Set(to)]));
    expect(featureCycles(graph)).toEqual(want);
  });
});

describe('measure', () => {
  // Sizes in KB by file; the manifest is the shape vite writes.
  const manifest = {
    'index.html': { file: 'index.js', isEntry: true, imports: ['_react.js'], dynamicImports: [SIGN_IN, SHELL, SDK, 'src/a.tsx', 'src/b.tsx'] },
    '_react.js': { file: 'react.js' },
    '_mantine.js': { file: 'mantine.js', imports: ['_react.js'] },
    '_table.js': { file: 'table.js' },
    [SIGN_IN]: { file: 'sign-in.js', isDynamicEntry: true, imports: ['_mantine.js'] },
    [SHELL]: { file: 'shell.js', isDynamicEntry: true, imports: ['_mantine.js'] },
    [SDK]: { file: 'sdk.js', isDynamicEntry: true },
    'src/a.tsx': { file: 'a.js', isDynamicEntry: true, imports: ['_mantine.js', '_table.js'] },
    'src/b.tsx': { file: 'b.js', isDynamicEntry: true, imports: ['_react.js'] },
  };
  const kb = { 'index.js': 20, 'react.js': 100, 'mantine.js': 30, 'table.js': 50, 'sign-in.js': 5, 'shell.js': 15, 'sdk.js': 35, 'a.js': 12, 'b.js': 1 };
  const sizeOf = (file) => kb[file] * 1024;

  it('follows static imports only', () => {
    expect([...closure(manifest, 'index.html')].sort()).toEqual(['_react.js', 'index.html']);
  });

  it('counts each page once per file, and what a screen adds to the shell', () => {
    expect(measure(manifest, sizeOf)).toEqual({
      firstKb: 120,
      signInKb: 155,
      shellKb: 165,
      sdkKb: 35,
      sharedKb: 0,
      screens: [
        { name: 'src/a.tsx', kb: 62, withSharedKb: 62, ownKb: 12 },
        { name: 'src/b.tsx', kb: 1, withSharedKb: 1, ownKb: 1 },
      ],
    });
  });

  it("counts a chunk two screens add to the shell as shared, not as either screen's own", () => {
    const both = { ...manifest, 'src/b.tsx': { file: 'b.js', isDynamicEntry: true, imports: ['_table.js'] } };
    expect(measure(both, sizeOf)).toMatchObject({
      sharedKb: 50,
      screens: [
        { name: 'src/a.tsx', kb: 12, withSharedKb: 62 },
        { name: 'src/b.tsx', kb: 1, withSharedKb: 51 },
      ],
    });
  });

  it('refuses a manifest without one entry', () => {
    expect(() => measure({ [SHELL]: { file: 'shell.js' } }, sizeOf)).toThrow('the manifest has 0 entries, want 1');
  });
});
