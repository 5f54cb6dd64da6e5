// fetch for the tests' reads, proof against one race that is the client's, not the service's.
//
// workerd closes a kept-alive connection after 5 s idle, without a Keep-Alive header to say so. A test
// process that stalls past that between two requests (a long collection under a loaded CI) writes its
// next request on a connection workerd has closed, and undici fails it ("other side closed") before
// any answer. Clients retry such a read (urllib3 and httpx look at the socket first; the TypeScript
// client retries network failures), so these tests do, once: a service that cuts the answer to a
// request cuts it again.

/** Whether fetch failed because the connection it reused was already closed. */
function staleConnection(error: unknown): boolean {
  const cause =
    error instanceof TypeError ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code === "UND_ERR_SOCKET" && cause.message === "other side closed";
}

/** fetch, with a GET or HEAD tried once more if its kept-alive connection turned out closed. */
export async function fetchRead(input: string | URL, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    const method = (init.method ?? "GET").toUpperCase();
    if ((method === "GET" || method === "HEAD") && staleConnection(error)) return fetch(input, init);
    throw error;
  }
}
