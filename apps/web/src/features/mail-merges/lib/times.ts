/** The time of day of a scheduled run or retry, e.g. '9:30 AM' (in the reader's time zone). */
export { formatTimeOfDay } from '../../../lib/dates';
