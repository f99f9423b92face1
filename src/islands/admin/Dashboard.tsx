import { Alert, Card, CardContent, Grid, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Title, useCreatePath } from 'react-admin';
import type { Dashboard as DashboardData, PeriodFigures } from '../../lib/admin-dashboard.ts';
import { toApiError } from '../../lib/api-errors.ts';
import { quietApi } from '../../lib/browser-api.ts';

const won = (value: number) => `${value.toLocaleString('ko-KR')}원`;
const count = (value: number, unit: string) => `${value.toLocaleString('ko-KR')}${unit}`;

const FIGURES: { key: keyof PeriodFigures; label: string; format: (value: number) => string }[] = [
  { key: 'signups', label: '가입', format: (value) => count(value, '명') },
  { key: 'paid_orders', label: '결제된 주문', format: (value) => count(value, '건') },
  { key: 'revenue', label: '매출 (환불 제외)', format: won },
  { key: 'refunds', label: '환불', format: (value) => count(value, '건') },
  { key: 'refunded_amount', label: '환불 금액', format: won },
];

function Period({ title, figures }: { title: string; figures: PeriodFigures }) {
  return (
    <Card component="section" aria-label={title} variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <dl style={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: '4px 16px', margin: 0 }}>
          {FIGURES.map((figure) => (
            <div key={figure.key} style={{ display: 'contents' }}>
              <dt>{figure.label}</dt>
              <dd style={{ margin: 0, textAlign: 'right', fontWeight: 600 }} data-testid={`${title}-${figure.key}`}>
                {figure.format(figures[figure.key])}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** The console's first screen: the day's and the week's numbers, what waits for staff, running rooms. */
export function Dashboard() {
  const createPath = useCreatePath();
  const [data, setData] = useState<DashboardData | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    quietApi.get<{ data: DashboardData }>('/api/admin/dashboard').then(
      (res) => setData(res.data),
      (failure: unknown) => setError(toApiError(failure).message),
    );
  }, []);

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Title title="대시보드" />
      {error && <Alert severity="error">{error}</Alert>}
      {!data && !error && <LinearProgress aria-label="대시보드를 불러오는 중" />}
      {data && (
        <>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <Period title={`오늘 (${data.today})`} figures={data.periods.today} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Period title={`이번 주 (${data.week_starts_on}부터)`} figures={data.periods.week} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Card component="section" aria-label="처리할 일" variant="outlined">
                <CardContent>
                  <Typography variant="h6" component="h2" gutterBottom>
                    처리할 일
                  </Typography>
                  <Typography>답변을 기다리는 문의 {count(data.open_inquiries, '건')}</Typography>
                  <Typography>처리하지 않은 신고 {count(data.open_reports, '건')}</Typography>
                </CardContent>
              </Card>
            </Grid>
          </Grid>
          <Card component="section" aria-labelledby="running-sessions-heading" variant="outlined">
            <CardContent>
              <Typography id="running-sessions-heading" variant="h6" component="h2" gutterBottom>
                진행 중인 세션의 인증률
              </Typography>
              {data.running_sessions.length === 0 ? (
                <Typography>지금 진행 중인 세션이 없어요.</Typography>
              ) : (
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>세션</TableCell>
                      <TableCell align="right">참여자</TableCell>
                      <TableCell align="right">지난 날</TableCell>
                      <TableCell align="right">인증한 날 (합계)</TableCell>
                      <TableCell align="right">인증률</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.running_sessions.map((session) => (
                      <TableRow key={session.id}>
                        <TableCell>
                          <Link to={createPath({ resource: 'ritual-sessions', id: session.id, type: 'edit' })}>{session.title}</Link>
                        </TableCell>
                        <TableCell align="right">{count(session.members, '명')}</TableCell>
                        <TableCell align="right">{count(session.days_elapsed, '일')}</TableCell>
                        <TableCell align="right">{count(session.days_done, '일')}</TableCell>
                        <TableCell align="right">{session.rate}%</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </Stack>
  );
}
