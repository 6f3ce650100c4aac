import { Fragment } from 'react';

/**
 * Text that may wrap only at the given places (a <wbr> after each): an address after its '@' and
 * dots, a link after its slashes, so a narrow screen never breaks them in the middle of a word.
 */
export function BreakableText({ text, after = /([@./?&=-])/ }: { text: string; after?: RegExp }) {
  const parts = text.split(after);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {after.test(part) && <wbr />}
        </Fragment>
      ))}
    </>
  );
}
