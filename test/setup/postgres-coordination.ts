/** Setup file of the Jest project `integration-pg`: per-file.ts then forces COORDINATION=postgres. */
process.env.SEMGI_TEST_COORDINATION = 'postgres';
