/**
 * The build's folding of the elements' css`…` templates
 * (scripts/css-literals.ts): comments go, whitespace folds, quoted strings
 * and `${…}` interpolations stay as written, a descendant selector keeps its
 * space, html`…` templates and a css` in a comment are left alone, and every
 * element of components/ keeps its line count and still parses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { minifyCssTemplates, minifyCssText } from '../../scripts/css-literals.js';

const lines = (text: string) => text.split('\n').length;

describe('minifyCssText', () => {
  it('drops comments (quotes in them too) and folds whitespace, keeping the line breaks', () => {
    const css = `
      /* A "quoted" word, in a comment. */
      :host {
        display: block;
        color: rgba(0, 0, 0, 0.3);
      }
      .a :focus, .b > .c { margin: 0 auto; }`;
    const out = minifyCssText(css);
    expect(out).toBe('\n\n:host{\ndisplay: block;\ncolor: rgba(0,0,0,0.3)\n}\n.a :focus,.b > .c{margin: 0 auto}');
    expect(lines(out)).toBe(lines(css));
  });

  it('keeps quoted strings as written, a /* inside them included', () => {
    const css = `.x::before { content: '  /* not a comment */  '; font-family: "A  B", serif; }`;
    expect(minifyCssText(css)).toBe(`.x::before{content: '  /* not a comment */  ';font-family: "A  B",serif}`);
  });

  it('separates what a comment on one line separated', () => {
    expect(minifyCssText('margin: 0/* gap */1px')).toBe('margin: 0 1px');
  });
});

describe('minifyCssTemplates', () => {
  it('folds only css`…` templates, around their interpolations', () => {
    const code = [
      "import { css, html } from 'lit';",
      '// A css` in a comment is no template.',
      'const hidden = css`',
      '  position: absolute;',
      '`;',
      'const styles = css`',
      '  .name {',
      '    ${hidden}',
      '  }',
      '  /* note */',
      '  .b { color: ${"red"}; }',
      '`;',
      'const view = html`<p>  two  spaces  </p>`;',
    ].join('\n');
    const out = minifyCssTemplates(code)!;
    expect(out.split('\n')).toEqual([
      "import { css, html } from 'lit';",
      '// A css` in a comment is no template.',
      'const hidden = css`',
      'position: absolute;',
      '`;',
      'const styles = css`',
      '.name{',
      '${hidden}',
      '}',
      '',
      '.b{color: ${"red"}}',
      '`;',
      'const view = html`<p>  two  spaces  </p>`;',
    ]);
  });

  it('leaves a module without css`…` templates alone', () => {
    expect(minifyCssTemplates("const view = html`<p>${'css`'}</p>`;")).toBeNull();
    expect(minifyCssTemplates('export const n = 1;')).toBeNull();
  });

  it('keeps every element’s lines, and the result still parses', () => {
    const dir = path.resolve(import.meta.dirname, '../../components');
    const files = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'));
    let folded = 0;
    for (const name of files) {
      const code = readFileSync(path.join(dir, name), 'utf8');
      const out = minifyCssTemplates(code, name);
      if (out === null) continue;
      folded++;
      expect(lines(out), name).toBe(lines(code));
      expect(out.length, name).toBeLessThan(code.length);
      expect(() => parseAst(out, { lang: 'ts' }, name), name).not.toThrow();
    }
    expect(folded).toBeGreaterThan(20);
  });
});
