// GET /api/admin/statistics?days=…&months=…&top=…: platform figures for the Statistics page.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { statisticsResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type StatisticsReply = z.infer<typeof statisticsResponseSchema>;

export type StatisticsParams = { days: number; months: number; top: number };

export const getStatisticsKey = (params: StatisticsParams) => [...queryRoots.adminOverview, 'statistics', params] as const;

export const getStatistics = (params: StatisticsParams) => api.get<StatisticsReply>('/api/admin/statistics', params);

export const getStatisticsQuery = (params: StatisticsParams) =>
  queryOptions({ queryKey: getStatisticsKey(params), queryFn: () => getStatistics(params), placeholderData: keepPreviousData });
