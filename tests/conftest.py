from hypothesis import settings

# Property tests are seeded and bounded: the same examples on every run, in CI and here.
settings.register_profile("repeatable", derandomize=True, max_examples=200, deadline=None)
settings.load_profile("repeatable")
