export { ApiError, type AnswerParser, type ClientSetup, type RequestOptions, type SchemaOption, type ApiClient, createApiClient, parseBody, startSchema } from './request';
