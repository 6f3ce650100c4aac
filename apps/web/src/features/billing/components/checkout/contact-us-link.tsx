import { Anchor } from '@mantine/core';
import { CONTACT_US_URL } from '../../../../lib/product';

/** 'Contact us' for what the checkout does not sell itself (more seats, larger lists); a new tab. */
export function ContactUsLink() {
  return (
    <Anchor href={CONTACT_US_URL} target="_blank" rel="noreferrer">
      Contact us
    </Anchor>
  );
}
