import { format } from 'date-fns/format';

/** The long date of the tables, e.g. 'March 3rd, 2026' (date-fns 'MMMM do, yyyy'). */
export const formatLongDate = (timestamp: number): string => format(timestamp, 'MMMM do, yyyy');
