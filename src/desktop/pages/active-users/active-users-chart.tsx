import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ActiveUserPeriod } from '../../../../domain/schemas/active-users';

/** The chart's series names, already translated. */
export interface ActiveUsersChartLabels {
  activeUsers: string;
  signIns: string;
}

/**
 * The active-user trend as a line chart (recharts): active members per period, and the sign-ins beside
 * them. Its own lazy chunk, so the chart library loads only on this page.
 */
export function ActiveUsersChart({
  periods,
  labels,
}: {
  periods: ActiveUserPeriod[];
  labels: ActiveUsersChartLabels;
}) {
  return (
    <ResponsiveContainer width="100%" height={300}>
      <LineChart data={periods} margin={{ top: 8, right: 24, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#f0f0f0" />
        <XAxis dataKey="Period" tick={{ fontSize: 12 }} minTickGap={16} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} />
        <Tooltip />
        <Legend />
        <Line
          type="monotone"
          dataKey="ActiveUsers"
          name={labels.activeUsers}
          stroke="#1677ff"
          strokeWidth={2}
          dot={periods.length <= 31}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="SignIns"
          name={labels.signIns}
          stroke="#52c41a"
          strokeDasharray="4 4"
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
