import type { Catalogue } from '../catalogue-type';
import type { activeUsers as zh, activeUsersErrors as zhErrors } from '../zh-CN/active-users';

/** Organisation > Active users (SPEC §2 statistics): DAU and MAU from successful sign-ins. */
export const activeUsers: Catalogue<typeof zh> = {
  title: 'Active users',
  subtitle:
    'Members who signed in successfully, counted per day (daily active users, DAU) or per month (monthly active users, MAU); a member counts once per day or month',
  granularity: { day: 'Daily (DAU)', month: 'Monthly (MAU)' },
  quick: {
    days7: 'Last 7 days',
    days30: 'Last 30 days',
    days90: 'Last 90 days',
    months6: 'Last 6 months',
    months12: 'Last 12 months',
  },
  search: 'Search',
  period: { day: 'Date', month: 'Month' },
  activeUsers: 'Active users',
  signIns: 'Successful sign-ins',
  summary: {
    activeUsers: 'Active in range',
    signIns: 'Sign-ins in range',
    members: 'Members',
    average: 'Average per period',
  },
  chartTitle: 'Active users over time',
  tableTitle: 'Details',
  empty: 'No member signed in successfully in this range',
  limits: 'Up to {{days}} days by day, {{months}} months by month',
};

/** errors.activeUsers: a report range that cannot be answered. */
export const activeUsersErrors: Catalogue<typeof zhErrors> = {
  invalidDate: 'Please choose a valid date',
  invalidRange: 'The end date cannot be before the start date',
  tooManyDays: 'A daily report covers at most {{max}} days',
  tooManyMonths: 'A monthly report covers at most {{max}} months',
};
