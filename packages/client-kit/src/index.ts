export { ApiError, type ClientSetup, type RequestOptions, type SchemaOption, type ApiClient, createApiClient, parseBody, startSchema } from './request';
