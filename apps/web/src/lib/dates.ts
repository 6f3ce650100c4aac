import { format } from 'date-fns/format';

/** The long date of the tables, e.g. 'March 3rd, 2026' (date-fns 'MMMM do, yyyy'). */
export const formatLongDate = (timestamp: number): string => format(timestamp, 'MMMM do, yyyy');

/** A moment in a table, with its time, e.g. 'Mar 3, 2026, 14:05' (date-fns 'MMM d, yyyy, HH:mm'). */
export const formatDateTime = (timestamp: number): string => format(timestamp, 'MMM d, yyyy, HH:mm');
