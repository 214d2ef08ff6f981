import { Router } from 'express';
import { dashboardContract } from '@shm/contracts';
import { assertSameWallet, parseWith, mountRoute } from '@shm/platform';
import type { DashboardUseCases } from '../../domain/use-cases';
import { dashboardCaller, type CallerCheck } from './caller';

/** Alert destinations of the signed-in wallet, its notifications and deliveries, and a test send. */
export function alertsRoutes(useCases: DashboardUseCases, check: CallerCheck): Router {
  const router = Router();

  mountRoute(router, dashboardContract.alerts, async (req, res) => {
    const wallet = dashboardCaller(req, check);
    res.setHeader('Cache-Control', 'no-store');
    res.json(dashboardContract.alerts.reply.parse({ success: true, ...(await useCases.listAlerts(wallet)) }));
  });

  mountRoute(router, dashboardContract.createDestination, async (req, res) => {
    const wallet = dashboardCaller(req, check);
    const { walletAddress, ...input } = parseWith(dashboardContract.createDestination.body, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.status(201).json(dashboardContract.createDestination.reply.parse({ success: true, destination: await useCases.createDestination(wallet, input) }));
  });

  mountRoute(router, dashboardContract.deleteDestination, async (req, res) => {
    const wallet = dashboardCaller(req, check);
    const { id } = parseWith(dashboardContract.deleteDestination.pathParams, req.params);
    await useCases.deleteDestination(wallet, id);
    res.json(dashboardContract.deleteDestination.reply.parse({ success: true, deletedId: id }));
  });

  mountRoute(router, dashboardContract.testDestination, async (req, res) => {
    const wallet = dashboardCaller(req, check);
    const { id } = parseWith(dashboardContract.testDestination.pathParams, req.params);
    res.status(202).json(dashboardContract.testDestination.reply.parse({ success: true, delivery: await useCases.testDestination(wallet, id) }));
  });

  return router;
}
