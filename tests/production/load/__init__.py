"""Load and fault tests (make loadtest, make faulttest): gunicorn + PostgreSQL started for the
run, phones simulated by an asyncio HTTP client in its own process. See run.py."""
