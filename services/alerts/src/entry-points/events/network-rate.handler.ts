import { eventHandler } from '@shm/platform/jobs';
import type { RewardRate } from '../../domain/ports';

/**
 * The network's reward per active hour, followed from `network.updated` (the network service's
 * snapshot, read from the network account): what an "active" alert says the reward clock runs at.
 * `group` is one per alerts process (each keeps its own copy); `latest`: the newest kept snapshot is
 * read before the service starts, and an older one replayed never replaces it.
 */
export function rewardRateFollower(group: string) {
  let perHour: number | null = null;
  const rate: RewardRate = { perHour: () => perHour };
  const handler = eventHandler({
    event: 'network.updated',
    group,
    latest: true,
    run: ({ network }) => {
      // A snapshot without the figure (the published-specifications estimate) keeps the last one heard.
      if (network.rewardPerHour !== undefined) perHour = network.rewardPerHour;
    },
  });
  return { rate, handler };
}
