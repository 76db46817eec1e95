"""The mutation check of the seeds' numbers (:mod:`tests.mutation.seed_numbers`)."""
