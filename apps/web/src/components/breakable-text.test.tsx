import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakableText } from './breakable-text';

describe('BreakableText', () => {
  it.each([
    ['anna.costa@shop.example', 'anna.<wbr>costa@<wbr>shop.<wbr>example'],
    ['https://acme.test/case-study', 'https:/<wbr>/<wbr>acme.<wbr>test/<wbr>case-<wbr>study'],
    ['plain', 'plain'],
  ])('lets %s wrap only after its separators', (text, html) => {
    const { container } = render(<BreakableText text={text} />);
    expect(container.innerHTML).toBe(html);
    expect(container.textContent).toBe(text);
  });
});
