// Unit/integration tests run with NODE_ENV=test: rate limits are off unless a test
// switches them on, and no demo content is loaded.
process.env.NODE_ENV = 'test'
process.env.LOG_LEVEL ??= 'silent'
process.env.SESSION_SECRET ??= 'test-session-secret-0123456789abcdef'
