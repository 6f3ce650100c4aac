import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render';
import { EmailTagsInput } from './email-tags-input';

function Harness({ initial = [] }: { initial?: string[] }) {
  const [tags, setTags] = useState(initial);
  const [typed, setTyped] = useState('');
  return (
    <>
      <EmailTagsInput
        label="Email addresses"
        placeholder="Enter email addresses separated by commas"
        tags={tags}
        onTagsChange={setTags}
        typedText={typed}
        onTypedTextChange={setTyped}
      />
      <output aria-label="tags">{tags.join('|')}</output>
      <button type="button">elsewhere</button>
    </>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Email addresses' });
const tagsValue = () => screen.getByLabelText('tags').textContent;

describe('EmailTagsInput (spec 002 §5)', () => {
  it('is labelled for screen readers and shows the placeholder', () => {
    renderPage(<Harness />);
    expect(input()).toHaveAttribute('placeholder', 'Enter email addresses separated by commas');
  });

  it('makes tags on space and comma, lower-cased and de-duplicated', async () => {
    renderPage(<Harness />);
    await userEvent.type(input(), 'Ann@Acme.test b@acme.test,ANN@acme.test ');
    expect(tagsValue()).toBe('ann@acme.test|b@acme.test');
    expect(input()).toHaveValue('');
  });

  it('splits pasted text on spaces, commas and new lines', async () => {
    renderPage(<Harness />);
    await userEvent.click(input());
    await userEvent.paste('one@acme.test, two@acme.test\nTHREE@acme.test,,one@acme.test');
    expect(tagsValue()).toBe('one@acme.test|two@acme.test|three@acme.test');
  });

  it('adds a tag left in the input on blur', async () => {
    renderPage(<Harness />);
    await userEvent.type(input(), 'Left@Acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(tagsValue()).toBe('left@acme.test');
  });

  it("marks an invalid tag and says 'Email is invalid'", async () => {
    renderPage(<Harness />);
    await userEvent.type(input(), 'ok@acme.test not-an-email ');

    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('not-an-email').closest('[data-invalid]')).not.toBeNull();
    expect(screen.getByText('ok@acme.test').closest('[data-invalid]')).toBeNull();
  });

  it('removes the last tag with Backspace and a tag by its remove button', async () => {
    renderPage(<Harness initial={['a@acme.test', 'b@acme.test', 'c@acme.test']} />);
    await userEvent.click(input());
    await userEvent.keyboard('{Backspace}');
    expect(tagsValue()).toBe('a@acme.test|b@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Remove a@acme.test', hidden: true }));
    expect(tagsValue()).toBe('b@acme.test');
  });
});
