import { createContext, useContext } from 'react';
import { USD_MONEY, type Money } from '../../../lib/currency';

/** How the results show money: the calculator provides the display currency; without it, USD. */
export const MoneyContext = createContext<Money>(USD_MONEY);

export const useMoney = () => useContext(MoneyContext);
