interface FakeReply {
  status: number;
  statusText?: string;
  body?: unknown;
  text?: string;
}

/** Replaces global fetch with one that always answers with `reply`; restore with jest.restoreAllMocks(). */
export function mockFetch(reply: FakeReply): jest.Mock<Promise<Response>, Parameters<typeof fetch>> {
  const fetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>(async () => {
    const text = reply.text ?? JSON.stringify(reply.body ?? null);
    return new Response(reply.status === 204 ? null : text, {
      status: reply.status,
      statusText: reply.statusText ?? '',
      headers: { 'Content-Type': 'application/json' },
    });
  });
  jest.spyOn(globalThis, 'fetch').mockImplementation(fetchMock);
  return fetchMock;
}
