export * from './routes.js'
