// The RSS news source's public face (a news provider the catalysts read; no ingestion, so no
// descriptor in the registry).
export { combineNewsProviders, createRssNewsProvider, type RssFeedConfig } from './rss-news-provider';
