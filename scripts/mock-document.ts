/** Writes the document Prism's mock serves (src/openapi/mock.ts): `tsx scripts/mock-document.ts [file]`. */
import { writeMockDocument } from '../src/openapi/mock.js';

console.log(writeMockDocument(process.argv[2]));
