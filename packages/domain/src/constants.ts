export const PRODUCT_NAME = 'MergeDesk';
