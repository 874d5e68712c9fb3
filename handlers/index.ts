/** operationId -> handler, one module per resource family. */
import type { HandlerMap } from '../src/http/context.js';
import { analyticsHandlers } from './analytics.js';
import { apiKeyHandlers } from './apiKeys.js';
import { changeHandlers } from './changes.js';
import { webhookHandlers } from './webhooks.js';
import { importHandlers } from './imports.js';
import { companyHandlers } from './companies.js';
import { founderHandlers } from './founders.js';
import { jobHandlers } from './jobs.js';
import { matchHandlers } from './match.js';
import { nestedHandlers } from './nested.js';
import { noteHandlers } from './notes.js';
import { organizationHandlers } from './organizations.js';
import { recordHandlers } from './records.js';
import { relationHandlers } from './relations.js';
import { geoHandlers } from './geo.js';
import { taxonomyHandlers } from './taxonomy.js';
import { peopleHandlers } from './people.js';
import { datasetHandlers, referenceHandlers, versionHandlers } from './reference.js';
import { searchHandlers } from './search.js';
import { documentHandlers, systemHandlers } from './system.js';
import { ecosystemHandlers } from './ecosystems.js';
import { teamHandlers } from './teams.js';
import { transactionHandlers } from './transactions.js';
import { usageHandlers } from './usage.js';

export const handlers: HandlerMap = {
  ...transactionHandlers,
  ...companyHandlers,
  ...organizationHandlers,
  ...searchHandlers,
  ...matchHandlers,
  ...recordHandlers,
  ...noteHandlers,
  ...nestedHandlers,
  ...relationHandlers,
  ...geoHandlers,
  ...taxonomyHandlers,
  ...founderHandlers,
  ...peopleHandlers,
  ...referenceHandlers,
  ...datasetHandlers,
  ...versionHandlers,
  ...jobHandlers,
  ...teamHandlers,
  ...ecosystemHandlers,
  ...apiKeyHandlers,
  ...usageHandlers,
  ...changeHandlers,
  ...webhookHandlers,
  ...importHandlers,
  ...analyticsHandlers,
  ...systemHandlers,
  ...documentHandlers,
};
