/** The document the API serves: openapi.yaml bundled, with the API versions accepted at a time. */
import type { Document } from 'openapi-backend';
import { setServedVersions } from '../versions/resolve.js';
import { bundledDocument } from './bundle.js';

/**
 * openapi.yaml bundled (its examples and per-subtype schemas inlined, src/openapi/bundle.ts), with the
 * API-Version values this server accepts at `at` (the support window moves).
 */
export function loadDocument(at: Date): Document {
  const doc = bundledDocument() as Document;
  setServedVersions(doc, at);
  return doc;
}
