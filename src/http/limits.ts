/**
 * Request line plus headers. Room for the longest valid query (a 4096-character filter and a cursor,
 * percent-encoded) with a margin; beyond it the request is refused before routing (over HTTP by
 * Node's parser, over MCP before the call is dispatched).
 */
export const MAX_HEADER_BYTES = 64 * 1024;

export const headerOverflowMessage = () => `The request line and headers exceed ${MAX_HEADER_BYTES} bytes`;
