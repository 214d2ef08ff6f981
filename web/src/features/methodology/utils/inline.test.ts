import { parseInline, plainText } from './inline';

describe('parseInline', () => {
  it('when a line mixes code, bold, italic and a link, then each is its own node and the rest is text', () => {
    expect(parseInline('A `a × b` is **very *much*** _here_, see [the API](/api/docs).')).toEqual([
      { kind: 'text', text: 'A ' },
      { kind: 'code', text: 'a × b' },
      { kind: 'text', text: ' is ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'very ' }, { kind: 'em', children: [{ kind: 'text', text: 'much' }] }] },
      { kind: 'text', text: ' ' },
      { kind: 'em', children: [{ kind: 'text', text: 'here' }] },
      { kind: 'text', text: ', see ' },
      { kind: 'link', href: '/api/docs', children: [{ kind: 'text', text: 'the API' }] },
      { kind: 'text', text: '.' },
    ]);
  });

  it('when markup characters stand alone or inside names, then they stay text (snake_case, 2 * 3, an unclosed `)', () => {
    expect(plainText(parseInline('max_nodes_count and 2 * 3 and `open'))).toBe('max_nodes_count and 2 * 3 and `open');
    expect(parseInline('max_nodes_count').every((node) => node.kind === 'text')).toBe(true);
  });

  it('when a code span holds markup, then it is kept verbatim', () => {
    expect(parseInline('`**not bold** [x](y)`')).toEqual([{ kind: 'code', text: '**not bold** [x](y)' }]);
  });

  it('when a link points at a script, a data URL or another site without a scheme, then only its words remain', () => {
    for (const href of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'other.md']) {
      expect(parseInline(`[click](${href})`)).toEqual([{ kind: 'text', text: 'click' }]);
    }
    expect(parseInline('[anchor](#netAPY)')[0]).toMatchObject({ kind: 'link', href: '#netAPY' });
    expect(parseInline('[site](https://example.org/x)')[0]).toMatchObject({ kind: 'link', href: 'https://example.org/x' });
  });

  it('when HTML appears in the text, then it is text, never markup', () => {
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([{ kind: 'text', text: '<img src=x onerror=alert(1)>' }]);
  });

  it('when a character is escaped with a backslash, then it is literal', () => {
    expect(parseInline('\\*not italic\\* and a \\| pipe')).toEqual([{ kind: 'text', text: '*not italic* and a | pipe' }]);
  });
});
