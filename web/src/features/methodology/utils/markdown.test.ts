import { parseMarkdown, slugify, splitRow } from './markdown';

describe('parseMarkdown', () => {
  it('when a doc has headings, a paragraph over two lines, a list, a table and a fence, then each becomes its block', () => {
    const blocks = parseMarkdown(
      [
        '# Title',
        'First line',
        'second line.',
        '',
        '- one `a`',
        '  continued',
        '- two',
        '',
        '| result | formula |',
        '|---|---|',
        '| x | `a | b` |',
        '',
        '```',
        'raw *text*',
        '```',
        '1. first',
        '2. second',
      ].join('\n'),
    );
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list', 'table', 'code', 'list']);
    expect(blocks[0]).toMatchObject({ level: 1, id: 'title' });
    expect(blocks[1]).toEqual({ kind: 'paragraph', content: [{ kind: 'text', text: 'First line second line.' }] });
    expect(blocks[2]).toMatchObject({ ordered: false, items: [[{ text: 'one ' }, { kind: 'code', text: 'a' }, { text: ' continued' }], [{ text: 'two' }]] });
    expect(blocks[3]).toEqual({ kind: 'table', header: ['result', 'formula'], rows: [['x', '`a | b`']] });
    expect(blocks[4]).toEqual({ kind: 'code', text: 'raw *text*' });
    expect(blocks[5]).toMatchObject({ ordered: true, items: [[{ text: 'first' }], [{ text: 'second' }]] });
  });

  it('when two headings read the same, then the second id gets a number, as GitHub does', () => {
    const ids = parseMarkdown('## Economics (`POST /api/x`)\n## Notes\n## Notes').map((b) => (b.kind === 'heading' ? b.id : ''));
    expect(ids).toEqual(['economics-post-apix', 'notes', 'notes-1']);
  });

  it('when a line starts with a pipe but no rule follows, then it is a paragraph and parsing goes on', () => {
    expect(parseMarkdown('| lone row |\nnext').map((b) => b.kind)).toEqual(['paragraph']);
  });
});

describe('slugify and splitRow', () => {
  it("when given GitHub's cases, then the slugs match GitHub's anchors", () => {
    expect(slugify('Rules (spec §9) and how Shardeum pays')).toBe('rules-spec-9-and-how-shardeum-pays');
    expect(slugify('Worked example: the calculator defaults')).toBe('worked-example-the-calculator-defaults');
  });

  it('when cells hold escaped pipes or pipes in code, then they stay in their cell', () => {
    expect(splitRow('| a \\| b | `c | d` | e |')).toEqual(['a \\| b', '`c | d`', 'e']);
  });
});
