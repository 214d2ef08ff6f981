import { suggestScenarioName } from './scenario-name';

describe('suggestScenarioName', () => {
  it('when saving the defaults at 14:05 on 9 Feb 2026, then the name says investment, price and time', () => {
    expect(suggestScenarioName({ investmentAmount: 10000, shmPrice: 0.1265 }, new Date(2026, 1, 9, 14, 5))).toBe(
      '$10,000.00 at $0.1265, 2026-02-09 14:05',
    );
  });
});
