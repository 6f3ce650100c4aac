import { useEffect } from 'react';
import { PRODUCT_NAME } from './product';

/** Spec 000 §2: page titles read '{title} | {product name}'. */
const formatPageTitle = (title: string): string => `${title} | ${PRODUCT_NAME}`;

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}
