import { signOutWallet } from '../api/wallet-auth';
import { fakeFlowDeps } from '../testing/fake-flow-deps';
import { disconnectWallet } from './disconnect';

jest.mock('../api/payment-calls');
jest.mock('../api/wallet-auth');

const WALLET = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const connected = () => fakeFlowDeps({ walletConnected: true, connection: 'connected', walletAddress: WALLET, chainOk: true });

afterEach(() => jest.restoreAllMocks());

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(signOutWallet).mockResolvedValue(undefined);
});

describe('disconnectWallet', () => {
  it('when it completes, then the page is disconnected and says so', async () => {
    const { deps, store, storage } = connected();
    await expect(disconnectWallet(deps)).resolves.toBe(true);
    expect(store.getState()).toMatchObject({ walletConnected: false, isDisconnected: true, disconnecting: false });
    expect(storage.data.get('walletDisconnected')).toBe('true');
    expect(deps.notify).toHaveBeenCalledWith(expect.objectContaining({ summary: 'Disconnected', detail: 'Wallet disconnected successfully.' }));
  });

  it('when it is silent (another control confirms), then no toast shows', async () => {
    const { deps } = connected();
    await expect(disconnectWallet(deps, { silent: true })).resolves.toBe(true);
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('when a step of the disconnect throws, then a Disconnect Error toast shows and the page stays connected', async () => {
    const { deps, store } = connected();
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    jest.mocked(deps.clearSessionStorage).mockImplementation(() => {
      throw new Error('blocked');
    });
    await expect(disconnectWallet(deps)).resolves.toBe(false);
    expect(deps.notify).toHaveBeenCalledTimes(1);
    expect(deps.notify).toHaveBeenCalledWith(expect.objectContaining({ severity: 'error', summary: 'Disconnect Error', detail: 'Disconnect failed' }));
    expect(store.getState()).toMatchObject({ walletConnected: true, disconnecting: false });
  });

  it('when the disconnect has not finished after the 10 s safety timeout, then it says it was unable to disconnect', async () => {
    jest.mocked(signOutWallet).mockReturnValue(new Promise(() => {}));
    const { deps, store, scheduled } = connected();
    void disconnectWallet(deps);
    await Promise.resolve();
    const safety = scheduled.find((t) => t.name === 'disconnect-safety');
    expect(safety?.ms).toBe(10_000);
    safety!.run();
    expect(deps.notify).toHaveBeenCalledWith(expect.objectContaining({ summary: 'Disconnect Failed', detail: 'Unable to disconnect. Please try again.' }));
    expect(store.getState().disconnecting).toBe(false);
    expect(deps.disconnecting.current).toBe(false);
  });
});
