import { Anchor } from '@mantine/core';
import { StatusCard } from '../../../components/full-page-states/status-card';
import { HELP_CENTER_URL } from '../../../lib/product';
import { PUBLIC_ERROR_TITLE } from './public-result-texts';

/** 'Sorry, an error ocurred' with 'Please try again or visit our Help center.' (spec 002 §2.11). */
export function PublicErrorCard() {
  return (
    <StatusCard
      kind="error"
      title={PUBLIC_ERROR_TITLE}
      description={
        <>
          Please try again or visit our{' '}
          <Anchor href={HELP_CENTER_URL} target="_blank" rel="noopener noreferrer" inherit>
            Help center
          </Anchor>
          .
        </>
      }
    />
  );
}
