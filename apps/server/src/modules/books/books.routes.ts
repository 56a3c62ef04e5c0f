import { booksCheckResponse, booksChecksQuery, booksChecksResponse, booksStatusResponse } from '@wallet/contract';
import { operator } from '../../http/auth.js';
import type { App } from '../../http/types.js';
import type { BooksService } from './books.service.js';

const tags = ['admin'];

export function registerBooksRoutes(app: App, books: BooksService): void {
  const finance = { config: operator('admin', 'finance') };
  app.get('/api/admin/books/status', { ...finance, schema: { tags, response: { 200: booksStatusResponse } } }, () => books.status());
  app.get('/api/admin/books/checks', { ...finance, schema: { tags, querystring: booksChecksQuery, response: { 200: booksChecksResponse } } }, (request) =>
    books.list(request.query.page, request.query.limit),
  );
  app.post('/api/admin/books/checks', { ...finance, schema: { tags, response: { 200: booksCheckResponse } } }, (request) => books.checkNow(request.admin));
}
