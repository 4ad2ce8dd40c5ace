import { createBrowserRouter } from 'react-router';
import { appRoutes } from './route-table';

export const router = createBrowserRouter(appRoutes);
